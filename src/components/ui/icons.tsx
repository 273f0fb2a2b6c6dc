// The app's one icon module. Generic icons come from lucide-react (24x24 strokes; each import is
// its own tree-shaken module), under the names the screens use; brand marks (Google, X,
// LinkedIn) are drawn here inline, in their own colours or the text's. All are sized by the
// caller's classes and hidden from screen readers: the button or link around them has the name.
import type { SVGProps } from "react"

export {
  ChevronUp as ArrowUpIcon,
  Bell as BellIcon,
  Check as CheckIcon,
  ChevronDown as ChevronDownIcon,
  ChevronRight as ChevronRightIcon,
  MousePointerClick as ClickIcon,
  MessageCircle as CommentIcon,
  LayoutDashboard as DashboardIcon,
  Ellipsis as DotsIcon,
  ExternalLink as ExternalLinkIcon,
  Eye as EyeIcon,
  ListFilter as FilterIcon,
  Flag as FlagIcon,
  Image as ImageIcon,
  Link as LinkIcon,
  Plus as PlusIcon,
  Package as ProductsIcon,
  Search as SearchIcon,
  Trophy as TrophyIcon,
  Users as UsersIcon,
  WifiOff as WifiOffIcon,
} from "lucide-react"

type BrandProps = SVGProps<SVGSVGElement>

/** Google's 'G', in its four colours. */
export function GoogleMark(props: BrandProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...props}>
      <path
        fill="#4285F4"
        d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8Z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1-3.7 1-2.8 0-5.2-1.9-6-4.5H2.3v2.8A11 11 0 0 0 12 23Z"
      />
      <path fill="#FBBC05" d="M6 14c-.2-.7-.3-1.3-.3-2s.1-1.4.3-2V7.2H2.3a11 11 0 0 0 0 9.6L6 14Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3 .5 4.1 1.6l3.1-3.1A11 11 0 0 0 2.3 7.2L6 10c.8-2.6 3.2-4.6 6-4.6Z" />
    </svg>
  )
}

/** X (Twitter), in the text's colour. */
export function XMark(props: BrandProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
    </svg>
  )
}

/** LinkedIn's 'in', in the text's colour. */
export function LinkedInMark(props: BrandProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.5h4V21H3V9.5Zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4V9.5Z" />
    </svg>
  )
}
