// The stock level both staff and shoppers see, in a module of its own: the product page's stock label imports
// it without the product form's rules and messages (the storefront's script budget).

/**
 * A size with this many pieces or fewer is low in stock: the dashboard and the staff's product list mark it,
 * and the product page says "Only N left" (app/catalog/stock-label.ts).
 */
export const LOW_STOCK_AT = 5;
