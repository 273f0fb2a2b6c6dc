// Profile section 'Notificações push' (lazy: only signed-in users on /profile download it).
// Where the browser can receive pushes: 'Ativar notificações' (the permission prompt comes only
// after that tap); once on, 'Desativar neste aparelho' and the choices saved on the server. On an
// iPhone outside the installed app it explains the home-screen rule; with notifications blocked,
// how to allow them again.
import { useEffect, useRef } from "react"
import { useLocation } from "react-router-dom"
import { Button } from "@/components/ui/button"
import { BellIcon, CheckIcon } from "@/components/ui/icons"
import { Switch } from "@/components/ui/switch"
import { toast } from "@/components/ui/toast"
import { errorMessage } from "@/lib/pocketbase"
import { usePushPreferences } from "../api/get-push-preferences"
import { useSavePushPreferences, type PushChoice } from "../api/save-push-preferences"
import { usePushDevice, type PushStatus } from "../use-push-device"
import { PUSH_SECTION_ID } from "../section"

export default function PushSettings({ userId }: { userId: string }) {
  const device = usePushDevice(userId)
  const ref = useRef<HTMLElement>(null)
  const { hash } = useLocation()
  useEffect(() => {
    if (hash === `#${PUSH_SECTION_ID}`) ref.current?.scrollIntoView({ block: "start" })
  }, [hash])

  return (
    <section
      id={PUSH_SECTION_ID}
      ref={ref}
      aria-labelledby={`${PUSH_SECTION_ID}-title`}
      className="max-w-3xl scroll-mt-36 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6 md:scroll-mt-24"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <BellIcon className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={`${PUSH_SECTION_ID}-title`} className="text-lg font-bold tracking-tight text-stone-900">
            Notificações push
          </h2>
          <p className="mt-0.5 text-sm text-stone-600">
            Receba um aviso neste aparelho quando votarem ou comentarem nos seus produtos e quando quem você segue
            lançar algo, mesmo com o Vitrine fechado.
          </p>
        </div>
      </div>
      <div className="mt-5">
        <Body
          userId={userId}
          status={device.status}
          busy={device.busy}
          enable={device.enable}
          disable={device.disable}
        />
        {device.error && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
            {device.error}
          </p>
        )}
        {device.configFailed && device.status === "checking" && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            Não foi possível verificar as notificações agora. Verifique sua conexão e recarregue a página.
          </p>
        )}
      </div>
    </section>
  )
}

function Note({ children }: { children: React.ReactNode }) {
  return <div className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700 ring-1 ring-stone-200">{children}</div>
}

function Body({
  userId,
  status,
  busy,
  enable,
  disable,
}: {
  userId: string
  status: PushStatus
  busy: boolean
  enable: () => Promise<void>
  disable: () => Promise<void>
}) {
  switch (status) {
    case "checking":
      return (
        <div
          className="h-10 w-52 animate-pulse rounded-lg bg-stone-200"
          role="status"
          aria-busy="true"
          aria-label="Verificando"
        />
      )
    case "ios-needs-install":
      return (
        <Note>
          <p className="font-semibold text-stone-900">
            No iPhone e no iPad, as notificações só funcionam no app instalado.
          </p>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>
              No Safari, toque em <strong>Compartilhar</strong> (o quadrado com a seta para cima).
            </li>
            <li>
              Escolha <strong>Adicionar à Tela de Início</strong> e confirme.
            </li>
            <li>Abra o Vitrine pelo ícone novo, entre na sua conta e volte aqui para ativar.</li>
          </ol>
        </Note>
      )
    case "unsupported":
      return (
        <Note>
          Este navegador não recebe notificações push. No celular, use o Chrome ou o Firefox (Android) ou o app
          instalado na Tela de Início (iPhone).
        </Note>
      )
    case "unavailable":
      return <Note>As notificações push ainda não estão disponíveis neste servidor.</Note>
    case "denied":
      return (
        <Note>
          <p className="font-semibold text-stone-900">
            As notificações estão bloqueadas para o Vitrine neste navegador.
          </p>
          <p className="mt-1">
            Para permitir, toque no cadeado (ou no ícone de informações) ao lado do endereço do site, abra{" "}
            <strong>Permissões</strong> ou <strong>Configurações do site</strong> e mude <strong>Notificações</strong>{" "}
            para <strong>Permitir</strong>. No app instalado, abra as configurações do celular › Apps › Vitrine ›
            Notificações. Depois, recarregue esta página.
          </p>
        </Note>
      )
    case "off":
      return (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <Button onClick={() => void enable()} disabled={busy} className="w-full sm:w-auto">
            {busy ? "Ativando..." : "Ativar notificações"}
          </Button>
          <p className="text-xs text-stone-500">O navegador vai pedir sua permissão.</p>
        </div>
      )
    case "on":
      return <Enabled userId={userId} busy={busy} disable={disable} />
  }
}

function Enabled({ userId, busy, disable }: { userId: string; busy: boolean; disable: () => Promise<void> }) {
  const prefs = usePushPreferences(userId)
  const save = useSavePushPreferences(userId)
  const change = (choice: PushChoice) =>
    save.mutate(choice, {
      onError: (err) => toast({ title: "Preferência não salva", description: errorMessage(err), variant: "error" }),
    })
  const p = prefs.data
  return (
    <div>
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-700">
        <CheckIcon className="size-5" strokeWidth={2.5} />
        Notificações ativas neste aparelho
      </p>
      <div className="mt-3 divide-y divide-stone-100 border-y border-stone-100">
        {!p ? (
          prefs.isError ? (
            <p role="alert" className="py-3 text-sm text-red-700">
              Não foi possível carregar suas preferências. Verifique sua conexão.
            </p>
          ) : (
            <div className="my-3 h-24 animate-pulse rounded-lg bg-stone-100" aria-busy="true" />
          )
        ) : (
          <>
            <Switch
              label="Votos nos meus produtos"
              description="Quando alguém votar em um produto seu e quando ele ficar entre os 3 do dia."
              checked={p.votes}
              onChange={(votes) => change({ votes })}
            />
            <Switch
              label="Comentários e respostas"
              description="Comentários nos seus produtos e respostas aos seus comentários."
              checked={p.comments}
              onChange={(comments) => change({ comments })}
            />
            <Switch
              label="Lançamentos de quem eu sigo"
              description="Quando um maker que você segue lançar um produto (no máximo um aviso por maker por dia)."
              checked={p.launches}
              onChange={(launches) => change({ launches })}
            />
            {p.staff && (
              <Switch
                label="Moderação (novos produtos e denúncias)"
                description="Produtos enviados para revisão e denúncias abertas. Só para a equipe."
                checked={p.moderation}
                onChange={(moderation) => change({ moderation })}
              />
            )}
          </>
        )}
      </div>
      <p className="mt-3 text-xs text-stone-500">
        Suas escolhas valem para todos os aparelhos com notificações ativas.
      </p>
      <Button variant="secondary" className="mt-4 w-full sm:w-auto" disabled={busy} onClick={() => void disable()}>
        {busy ? "Desativando..." : "Desativar neste aparelho"}
      </Button>
    </div>
  )
}
