/**
 * Bounded-memory histograms for latencies and sizes, in the HDR style: buckets are exact up to
 * 2^(k+1) resolution units, then each power of two is split into 2^k equal sub-buckets
 * (log-linear). Memory is fixed at construction (about 39 KB with the defaults) whatever the
 * number of samples, and any percentile can be read.
 *
 * Error bound (documented and tested): a reported percentile differs from the exact
 * nearest-rank sample by at most max(resolution, value * 2^-(k+1)). With the defaults
 * (k = 7, resolution 0.001) that is 0.39 % of the value or 1 microsecond when recording
 * milliseconds. Minimum and maximum are tracked exactly; values above the top of the range
 * (2^44 resolution units, 203 days in microseconds) saturate into the last bucket and are counted.
 */

/** Sub-bucket bits k: 7 gives 128 sub-buckets per power of two, 2^-8 = 0.39 % relative error. */
export const DEFAULT_PRECISION_BITS = 7;
/** Recording milliseconds at 1 microsecond resolution. */
export const DEFAULT_RESOLUTION = 0.001;
/** Values up to 2^44 resolution units are bucketed; above that they saturate. */
const MAX_VALUE_BITS = 44;
/** Values below 2^31 units take `record`'s integer path; anything else (negative, NaN, huge) goes the long way. */
const SMALL_UNITS = 2147483648;

export interface HistogramOptions {
  /** Smallest distinguishable difference, in the unit recorded (default 0.001). */
  readonly resolution?: number;
  /** Sub-bucket bits k (1..12, default 7); relative error is 2^-(k+1). */
  readonly precisionBits?: number;
}

export interface HistogramSummary {
  readonly count: number;
  readonly min: number;
  readonly mean: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly p999: number;
  readonly max: number;
}

export class Histogram {
  readonly resolution: number;
  readonly precisionBits: number;
  /** Samples recorded (non-finite samples are refused and counted in `rejected`). */
  count = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  sum = 0;
  /** Samples above the top of the range, kept in the last bucket. */
  saturated = 0;
  /** NaN or infinite samples, not recorded. */
  rejected = 0;
  private readonly counts: Float64Array;
  private readonly subBuckets: number;
  private readonly maxUnits: number;
  private readonly inverseResolution: number;

  constructor(options: HistogramOptions = {}) {
    const resolution = options.resolution ?? DEFAULT_RESOLUTION;
    const bits = options.precisionBits ?? DEFAULT_PRECISION_BITS;
    if (!(Number.isFinite(resolution) && resolution > 0)) throw new RangeError(`histogram resolution must be > 0, got ${resolution}`);
    if (!(Number.isInteger(bits) && bits >= 1 && bits <= 12)) throw new RangeError(`histogram precision bits must be 1..12, got ${bits}`);
    this.resolution = resolution;
    this.inverseResolution = 1 / resolution;
    this.precisionBits = bits;
    this.subBuckets = 2 ** bits;
    this.maxUnits = 2 ** MAX_VALUE_BITS - 1;
    this.counts = new Float64Array((MAX_VALUE_BITS - bits + 1) * this.subBuckets);
  }

  /** Records one sample; negative samples count as 0 (a clock cannot run backwards, rounding can). */
  record(value: number): void {
    // The hot path of every timer fire and send: integer bucket arithmetic while the value in
    // resolution units fits 31 bits (35 minutes of milliseconds at the default resolution).
    const units = Math.floor(value * this.inverseResolution);
    if (!(value >= 0 && units < SMALL_UNITS)) {
      this.recordMany(value, 1);
      return;
    }
    const sub = this.subBuckets;
    let index = units;
    if (units >= 2 * sub) {
      const shift = 31 - Math.clz32(units) - this.precisionBits;
      index = shift * sub + (units >>> shift);
    }
    this.counts[index]!++;
    this.count++;
    this.sum += value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  /** Records `times` identical samples. */
  recordMany(value: number, times: number): void {
    if (!Number.isFinite(value)) {
      this.rejected += times;
      return;
    }
    const v = value < 0 ? 0 : value;
    let units = Math.floor(v * this.inverseResolution);
    if (units > this.maxUnits) {
      units = this.maxUnits;
      this.saturated += times;
    }
    this.counts[this.indexOf(units)]! += times;
    this.count += times;
    this.sum += v * times;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
  }

  /**
   * The nearest-rank percentile (`p` in 0..100): the smallest recorded value with at least p % of
   * the samples at or below it, within the documented error. 0 when empty.
   */
  percentile(p: number): number {
    if (this.count === 0) return 0;
    if (!(p > 0)) return this.min;
    if (p >= 100) return this.max;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    const counts = this.counts;
    for (let index = 0; index < counts.length; index++) {
      seen += counts[index]!;
      if (seen >= rank) {
        const mid = this.bucketMidpoint(index) * this.resolution;
        return mid < this.min ? this.min : mid > this.max ? this.max : mid;
      }
    }
    return this.max;
  }

  get mean(): number {
    return this.count === 0 ? 0 : this.sum / this.count;
  }

  /** Adds another histogram's samples (same resolution and precision). */
  merge(other: Histogram): void {
    if (other.resolution !== this.resolution || other.precisionBits !== this.precisionBits) {
      throw new RangeError("histograms with different resolution or precision cannot be merged");
    }
    for (let index = 0; index < this.counts.length; index++) this.counts[index]! += other.counts[index]!;
    this.count += other.count;
    this.sum += other.sum;
    this.saturated += other.saturated;
    this.rejected += other.rejected;
    if (other.min < this.min) this.min = other.min;
    if (other.max > this.max) this.max = other.max;
  }

  reset(): void {
    this.counts.fill(0);
    this.count = 0;
    this.sum = 0;
    this.saturated = 0;
    this.rejected = 0;
    this.min = Number.POSITIVE_INFINITY;
    this.max = Number.NEGATIVE_INFINITY;
  }

  summary(): HistogramSummary {
    const empty = this.count === 0;
    return {
      count: this.count,
      min: empty ? 0 : this.min,
      mean: this.mean,
      p50: this.percentile(50),
      p90: this.percentile(90),
      p99: this.percentile(99),
      p999: this.percentile(99.9),
      max: empty ? 0 : this.max,
    };
  }

  /** Bytes held by the bucket array: fixed, whatever the sample count. */
  get footprintBytes(): number {
    return this.counts.byteLength;
  }

  private indexOf(units: number): number {
    const sub = this.subBuckets;
    if (units < 2 * sub) return units;
    const exponent = units < 2147483648 ? 31 - Math.clz32(units) : exactLog2Floor(units);
    const shift = exponent - this.precisionBits;
    // mantissa is in [sub, 2 * sub): the top k+1 bits of the value.
    const mantissa = Math.floor(units / 2 ** shift);
    return shift * sub + mantissa;
  }

  /** The middle of bucket `index`, in resolution units. */
  private bucketMidpoint(index: number): number {
    const sub = this.subBuckets;
    if (index < 2 * sub) return index + 0.5;
    const shift = Math.floor(index / sub) - 1;
    const mantissa = index - shift * sub;
    const width = 2 ** shift;
    return mantissa * width + width / 2;
  }
}

/** floor(log2(x)) for integers beyond 32 bits, corrected for Math.log2 rounding near powers of two. */
function exactLog2Floor(x: number): number {
  let exponent = Math.floor(Math.log2(x));
  if (2 ** exponent > x) exponent -= 1;
  else if (2 ** (exponent + 1) <= x) exponent += 1;
  return exponent;
}

/** Named monotonic counters for reports; hot paths keep plain number fields instead. */
export class Counters {
  private readonly values = new Map<string, number>();

  add(name: string, amount = 1): void {
    this.values.set(name, (this.values.get(name) ?? 0) + amount);
  }

  get(name: string): number {
    return this.values.get(name) ?? 0;
  }

  /** A plain object copy, sorted by name (stable JSON). */
  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.values.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}
