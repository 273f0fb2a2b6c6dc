// Runs a mutation with callbacks that fire even when the calling component unmounted meanwhile
// (TanStack's mutate(vars, callbacks) drops them then): e.g. a realtime refetch removes the card
// that was just approved, and its 'Produto aprovado' toast must still show.
export function settle<TData, TVars>(
  mutation: { mutateAsync: (vars: TVars) => Promise<TData> },
  vars: TVars,
  callbacks: { onSuccess?: (data: TData) => void; onError?: (err: unknown) => void },
): void {
  mutation.mutateAsync(vars).then(
    (data) => callbacks.onSuccess?.(data),
    (err: unknown) => callbacks.onError?.(err),
  )
}
