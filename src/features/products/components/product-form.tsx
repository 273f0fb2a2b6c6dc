// The shared product form (submit and edit): fields, validation with the rules.json messages,
// and one multipart upload whose percentage shows on the button. Sending needs the network:
// offline the save fails with a toast and nothing is queued, but what was typed (and the pictures
// picked) is kept as a local draft (use-product-draft.ts) that survives reloads.
import { useMemo, useState } from "react"
import { Field, Label } from "@headlessui/react"
import { Controller } from "react-hook-form"
import { Button } from "@/components/ui/button"
import { SwitchTrack } from "@/components/ui/switch"
import { messages } from "@/config/rules"
import { TextareaField, TextField, toastFirstError, useValibotForm } from "@/components/ui/form"
import { toast } from "@/components/ui/toast"
import { ClientResponseError, errorMessage } from "@/lib/pocketbase"
import { useCategoryOptions } from "../api/get-categories-options"
import type { ProductDetail } from "../api/get-product"
import { useSaveProduct, type SavedProduct } from "../api/save-product"
import { ProductFormSchema, type ProductFormInput, type ProductFormValues } from "../schemas"
import { fileUrl } from "@/lib/pocketbase"
import { ImageUploader } from "./image-uploader"
import { TagsInput } from "./tags-input"
import { useUnsavedInput } from "@/lib/activity"
import { DraftRestored, LeaveDialog } from "./draft-ui"
import { useProductDraft } from "./use-product-draft"

/** Fields focused on an error scroll clear of the sticky header (taller on phones). */
const fieldScroll = "scroll-mt-36 md:scroll-mt-24"
const FIELDS = ["title", "description", "url", "category", "tags", "images"] as const

function defaults(product: ProductDetail | null): ProductFormInput {
  return {
    title: product?.title ?? "",
    description: product?.description ?? "",
    url: product?.url ?? "",
    category: product?.category?.id ?? "",
    built_with_lovable: product?.builtWithLovable ?? false,
    built_with_epic: product?.builtWithEpic ?? false,
    tags: product?.tags.map((t) => t.name) ?? [],
    images: (product?.images ?? []).map((name) => ({
      kind: "existing" as const,
      name,
      url: fileUrl(product!, name, "640x480", product!.fileToken),
    })),
  }
}

export function ProductForm({
  product,
  onSaved,
}: {
  /** the product being edited; null submits a new one */
  product: ProductDetail | null
  onSaved: (saved: SavedProduct) => void
}) {
  const editing = product !== null
  const initial = useMemo(() => defaults(product), [product])
  const form = useValibotForm<ProductFormInput>(
    ProductFormSchema as never, // input and output differ only by trimming and tag clean-up
    initial,
  )
  const save = useSaveProduct()
  const categories = useCategoryOptions()
  const [progress, setProgress] = useState<number | null>(null)
  const [removed, setRemoved] = useState<string[]>([])
  const { errors } = form.formState
  useUnsavedInput(form.formState.isDirty && !form.formState.isSubmitSuccessful)
  const draft = useProductDraft({
    form,
    productId: product?.id ?? null,
    defaults: initial,
    existingUrl: (name) => (product ? fileUrl(product, name, "640x480", product.fileToken) : ""),
    removed,
    setRemoved,
  })

  const submit = async (input: ProductFormInput) => {
    const values = input as unknown as ProductFormValues
    setProgress(0)
    try {
      const saved = await save.mutateAsync({
        id: product?.id ?? null,
        values,
        removeImages: editing ? removed : undefined,
        onProgress: setProgress,
      })
      toast(
        editing
          ? saved.resubmitted
            ? { title: messages.resubmitted, description: "Seu produto voltou para a fila da moderação." }
            : { title: "Produto atualizado!", description: "As alterações foram salvas com sucesso." }
          : { title: "Produto enviado!", description: "Seu produto está em análise e será publicado em breve." },
      )
      await draft.markSent()
      onSaved(saved)
    } catch (err) {
      // the server's field messages (Portuguese) go under their fields too
      if (err instanceof ClientResponseError) {
        const data = (err.response?.data ?? {}) as Record<string, { message?: string }>
        for (const f of FIELDS) if (data[f]?.message) form.setError(f, { message: data[f].message })
      }
      toast({
        title: editing ? "Erro ao atualizar produto" : "Erro ao enviar produto",
        description: errorMessage(err),
        variant: "error",
      })
    } finally {
      setProgress(null)
    }
  }

  const busy = form.formState.isSubmitting || progress !== null
  return (
    <form
      onSubmit={form.handleSubmit(submit, toastFirstError)}
      noValidate
      className="space-y-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      aria-label={editing ? "Editar produto" : "Enviar produto"}
    >
      <DraftRestored draft={draft} />
      <LeaveDialog draft={draft} />
      <TextField
        label="Título"
        required
        placeholder="Nome do seu produto"
        hint="Mínimo 5 caracteres, máximo 100"
        className={fieldScroll}
        error={errors.title?.message}
        {...form.register("title")}
      />
      <TextareaField
        label="Descrição"
        required
        rows={6}
        placeholder="Conte o que o produto faz, para quem é e como foi construído."
        hint="Mínimo 50 caracteres, máximo 1000"
        className={fieldScroll}
        error={errors.description?.message}
        {...form.register("description")}
      />
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        required
        placeholder="https://meuproduto.com"
        className={fieldScroll}
        error={errors.url?.message}
        {...form.register("url")}
      />
      <CategorySelect
        options={categories.data ?? []}
        current={product?.category ?? null}
        {...form.register("category")}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-stone-800">Ferramentas usadas</legend>
        {(
          [
            ["built_with_lovable", "Feito com Lovable"],
            ["built_with_epic", "Feito com EPIC"],
          ] as const
        ).map(([name, label]) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => <Toggle label={label} checked={!!field.value} onChange={field.onChange} />}
          />
        ))}
      </fieldset>
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <TagsInput value={field.value} onChange={field.onChange} error={errors.tags?.message} disabled={busy} />
        )}
      />
      <Controller
        control={form.control}
        name="images"
        render={({ field }) => (
          <ImageUploader
            value={field.value}
            onChange={field.onChange}
            error={errors.images?.message}
            disabled={busy}
            onRemoveExisting={(name) => {
              setRemoved((r) => [...r, name])
              toast({
                title: "Imagem marcada para remoção",
                description: "A imagem será removida ao salvar o produto",
                variant: "info",
              })
            }}
          />
        )}
      />
      <div className="flex justify-end border-t border-stone-100 pt-5">
        <Button type="submit" disabled={busy} aria-busy={busy} className="w-full sm:w-auto">
          {progress !== null ? `Enviando... ${progress}%` : editing ? "Salvar Alterações" : "Enviar Produto"}
        </Button>
      </div>
    </form>
  )
}

function CategorySelect({
  options,
  current,
  ...props
}: React.SelectHTMLAttributes<HTMLSelectElement> & {
  options: Array<{ id: string; name: string }>
  current: { id: string; name: string } | null
} & { ref?: React.Ref<HTMLSelectElement> }) {
  // the product's own category shows even before the list arrives
  const list = current && !options.some((o) => o.id === current.id) ? [current, ...options] : options
  return (
    <div className="space-y-1">
      <label htmlFor="product-category" className="text-sm font-medium text-stone-800">
        Categoria <span className="font-normal text-stone-500">(opcional)</span>
      </label>
      <select
        id="product-category"
        className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        {...props}
      >
        <option value="">Sem categoria</option>
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  )
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Field className="flex items-center gap-3">
      <SwitchTrack checked={checked} onChange={onChange} size="form" />
      <Label className="cursor-pointer text-sm text-stone-800">{label}</Label>
    </Field>
  )
}
