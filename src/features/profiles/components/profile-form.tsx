// The own-profile form: display name, username (availability checked as you type), bio with its
// counter and the avatar. Saving needs the network; a failure shows the server's message.
import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useWatch } from "react-hook-form"
import { Button } from "@/components/ui/button"
import { TextareaField, TextField, toastFirstError, useValibotForm } from "@/components/ui/form"
import { toast } from "@/components/ui/toast"
import { limits, messages } from "@/config/rules"
import { graphemeCount } from "@/config/text"
import { avatarUrl, useAuth } from "@/lib/auth"
import { errorMessage } from "@/lib/pocketbase"
import { usernameAvailableQueryOptions, useUsernameAvailability } from "../api/check-username"
import { useUpdateProfile } from "../api/update-profile"
import { ProfileSchema, type ProfileValues } from "../schemas"
import type { OwnProfile } from "../types"
import { AvatarField, type PickedAvatar } from "./avatar-field"
import { UsernameField } from "./username-field"
import { useUnsavedInput } from "@/lib/activity"

/** Fields focused on an error scroll clear of the sticky header (taller on phones). */
const fieldScroll = "scroll-mt-36 md:scroll-mt-24"

export function ProfileForm({ profile, onSaved }: { profile: OwnProfile; onSaved?: () => void }) {
  const { reloadUser } = useAuth()
  const queryClient = useQueryClient()
  const update = useUpdateProfile(profile.id)
  const form = useValibotForm(ProfileSchema, {
    display_name: profile.display_name,
    username: profile.username,
    bio: profile.bio,
  })
  const [avatar, setAvatar] = useState<PickedAvatar | null>(null)
  const [username = "", bio = "", displayName = ""] = useWatch({
    control: form.control,
    name: ["username", "bio", "display_name"],
  })
  const availability = useUsernameAvailability(username, profile.username)
  const { errors } = form.formState
  useUnsavedInput(form.formState.isDirty && !form.formState.isSubmitSuccessful)

  const usernameFree = async (value: string) => {
    if (value === profile.username) return true
    if (availability === "taken") return false
    try {
      return await queryClient.fetchQuery(usernameAvailableQueryOptions(value))
    } catch {
      return true // offline or unreachable: the server decides on save
    }
  }

  const submit = async (values: ProfileValues) => {
    if (!(await usernameFree(values.username))) {
      form.setError("username", { message: messages.usernameTaken })
      toast({ title: messages.usernameTaken, variant: "error" })
      return
    }
    const avatarChanged = avatar !== null
    try {
      await update.mutateAsync({ ...values, avatar: avatar?.file ?? null })
    } catch (err) {
      toast({ title: "Erro ao atualizar perfil", description: errorMessage(err), variant: "error" })
      return
    }
    form.reset(values)
    setAvatar(null)
    toast(
      avatarChanged
        ? { title: "Avatar atualizado", description: "Sua foto foi alterada com sucesso." }
        : { title: "Perfil atualizado", description: "Suas informações foram salvas com sucesso." },
    )
    await reloadUser()
    onSaved?.()
  }

  const register = form.register("username")
  const busy = form.formState.isSubmitting
  return (
    <form
      onSubmit={form.handleSubmit(submit, toastFirstError)}
      noValidate
      className="space-y-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      aria-label="Editar perfil"
    >
      <AvatarField
        name={displayName || profile.display_name}
        currentUrl={avatarUrl(profile, "256x256")}
        picked={avatar}
        onPick={setAvatar}
        disabled={busy}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Nome"
          autoComplete="name"
          required
          className={fieldScroll}
          error={errors.display_name?.message}
          {...form.register("display_name")}
        />
        <UsernameField
          availability={availability}
          value={username}
          error={errors.username?.message}
          className={fieldScroll}
          {...register}
          onChange={(e) => {
            // usernames are lowercase: show them that way while typing, keeping the caret
            const el = e.target
            const lower = el.value.toLowerCase()
            if (lower !== el.value) {
              const { selectionStart, selectionEnd } = el
              el.value = lower
              el.setSelectionRange(selectionStart, selectionEnd)
            }
            void register.onChange(e)
          }}
        />
      </div>
      <TextareaField
        label="Bio"
        rows={4}
        className={fieldScroll}
        placeholder="Conte um pouco sobre você e o que você constrói."
        error={errors.bio?.message}
        aside={
          <span className="text-xs text-stone-500 tabular-nums" aria-live="polite">
            {graphemeCount(bio)}/{limits.bio.max}
          </span>
        }
        {...form.register("bio")}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? "Salvando..." : "Salvar Alterações"}
        </Button>
      </div>
    </form>
  )
}
