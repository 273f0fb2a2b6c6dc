// Writes a change to the URL's query parameters, starting from the URL as it is when the change is
// made. React Router's own setter starts from the parameters of the last render, and navigations
// are transitions: until the next page has rendered, the handlers on screen still hold the previous
// URL, so a second quick click (a filter off, then another on) would put the first one back. The
// router's state holds the URL as soon as a navigation is done.
import { useCallback, useContext } from "react"
import { UNSAFE_DataRouterContext, useNavigate, useSearchParams, type NavigateOptions } from "react-router-dom"

export type SearchUpdate = (change: (params: URLSearchParams) => void, options?: NavigateOptions) => void

export function useSearchUpdate(): SearchUpdate {
  const router = useContext(UNSAFE_DataRouterContext)?.router
  const [rendered] = useSearchParams()
  const navigate = useNavigate()
  return useCallback(
    (change, options) => {
      const params = new URLSearchParams(router ? router.state.location.search : rendered)
      change(params)
      navigate(`?${params}`, options)
    },
    [router, rendered, navigate],
  )
}
