/** A round avatar: the picture, or the name's initial on a tinted circle. */
export function Avatar({ name, src, size = 32 }: { name: string; src?: string; size?: number }) {
  const style = { width: size, height: size }
  if (src)
    return (
      <img src={src} alt="" width={size} height={size} style={style} className="shrink-0 rounded-full object-cover" />
    )
  return (
    <span
      style={{ ...style, fontSize: size * 0.42 }}
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
      aria-hidden="true"
    >
      {(name || "?").trim().slice(0, 1).toUpperCase()}
    </span>
  )
}
