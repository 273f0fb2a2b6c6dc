// What the profile screens render (JSON-serialisable, so a copy can be kept in IndexedDB).

/** The signed-in user's own editable profile. */
export interface OwnProfile {
  id: string
  collectionId: string
  username: string
  display_name: string
  bio: string
  avatar: string
}

/** The public profile of a maker: the same fields, with the numbers the maker page shows. */
export interface Maker extends OwnProfile {
  created: string
  stats: { products: number; votes: number; comments: number; memberSince: string; followers?: number }
}
