// Image sizes shared with the server (pb_hooks/lib/images.json): the card cover's srcset, which
// /home's HTML preloads with the same candidates, so the browser reuses that download. On a phone
// `sizes` is the compact feed's thumbnail (the default there); `largeSizes` the large cards'.
import images from "../../pb_hooks/lib/images.json"

export const cardCover = images.cardCover
export const detailCover = images.detailCover
