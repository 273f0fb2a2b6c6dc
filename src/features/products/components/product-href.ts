import { paths } from "@/config/paths"

/** Where a product's card links: the product page needs login, so a visitor goes to the login first
 * and comes back. */
export const productHref = (signedIn: boolean, slug: string) =>
  signedIn ? paths.product(slug) : paths.login(paths.product(slug))
