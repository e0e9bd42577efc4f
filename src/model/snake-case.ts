/** `snake_case` of a schema's name, as event types and resources write it: `BrandStore` is `brand_store`. */
export const snakeCase = (name: string) =>
  name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
