// Comments as a thread: top-level ones in order, each with its replies (at any depth) in order.
// A reply whose parent was removed stays visible under a "removed" placeholder, so deleting a
// comment never hides what others wrote in answer to it.
import type { CommentItem } from "./get-comments"

export interface ThreadNode {
  /** null: the placeholder of a removed comment that still has replies */
  comment: CommentItem | null
  id: string
  replies: ThreadNode[]
}

export function buildThread(items: CommentItem[]): ThreadNode[] {
  const nodes = new Map<string, ThreadNode>()
  for (const c of items) nodes.set(c.id, { comment: c, id: c.id, replies: [] })
  const roots: ThreadNode[] = []
  for (const c of items) {
    const node = nodes.get(c.id)!
    if (!c.parent) {
      roots.push(node)
      continue
    }
    let parent = nodes.get(c.parent)
    if (!parent) {
      parent = { comment: null, id: c.parent, replies: [] }
      nodes.set(c.parent, parent)
      roots.push(parent)
    }
    parent.replies.push(node)
  }
  return roots
}
