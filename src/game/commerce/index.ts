/**
 * Public face of the NPC commerce formulas (items-and-economy §7.6): the skill discount, the
 * shown and charged buy prices, the sale divisor, `SalePrice`, the sale income, the gold cap,
 * the purchase-size check (Q17 fixed) and why an NPC refuses to buy (§7.5). Pure numbers.
 */
export {
  MAX_TRADE_SKILL,
  MAX_BUY_AMOUNT,
  DEFAULT_COMMERCE_CONFIG,
  vbCeil,
  commerceDiscount,
  shownBuyPrice,
  buyPrice,
  saleDivisor,
  salePrice,
  saleIncome,
  capGold,
  checkBuyAmount,
  saleRefusal,
  type Seller,
  type CommerceConfig,
  type ShopBuying,
  type SaleRefusal,
} from "./prices.ts";
