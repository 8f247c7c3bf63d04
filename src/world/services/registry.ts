/**
 * The services of the main thread, by name: the registry the composition fills (index.ts,
 * `registerServices`) and the world hands every map request to (`service` events). One service
 * per name of `ServiceProtocol` at most; a request for a name nobody registered is a composition
 * fault, logged by the world and dropped.
 *
 * The cluster seam (docs/architecture.md, "The service channel"): in one process every service
 * is registered here. In a cluster each gateway registers its `per_player` services for its own
 * sessions; a `one_per_cluster` service needs its one owner (a lease per service name), which a
 * cluster does not have yet, so a clustered registry refuses it rather than run one per gateway.
 */
import type { ServiceName } from "../../map/index.ts";
import type { ServiceRequest, WorldService } from "./service.ts";

/** A registration the registry refuses (twice the same name, a cluster-wide service in a cluster without its owner). */
export class ServiceRegistrationError extends Error {
  readonly code = "service_registration";
  constructor(message: string) {
    super(message);
    this.name = "ServiceRegistrationError";
  }
}

export class ServiceRegistry {
  private readonly byName = new Map<ServiceName, WorldService>();

  /** `clustered`: this registry is a cluster gateway's (see the header). */
  constructor(private readonly options: { clustered?: boolean } = {}) {}

  register<S extends ServiceName>(service: WorldService<S>): void {
    if (this.byName.has(service.name)) throw new ServiceRegistrationError(`the service "${service.name}" is registered twice`);
    if (this.options.clustered === true && service.placement === "one_per_cluster") {
      throw new ServiceRegistrationError(`the service "${service.name}" needs one owner per cluster, and this cluster has no owner for it yet`);
    }
    this.byName.set(service.name, service as unknown as WorldService);
  }

  has(name: ServiceName): boolean {
    return this.byName.has(name);
  }

  /** Hands a map's request to its service; false when no service has that name. */
  fromMap(request: ServiceRequest): boolean {
    const service = this.byName.get(request.service);
    if (service === undefined) return false;
    service.fromMap(request);
    return true;
  }
}
