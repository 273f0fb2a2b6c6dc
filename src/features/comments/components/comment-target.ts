// The product a comment form writes on (title and page), for the pending list of queued comments.
import { createContext, useContext } from "react"

export const CommentTargetContext = createContext<{ title: string; href: string } | undefined>(undefined)

export function useCommentTarget() {
  return useContext(CommentTargetContext)
}
