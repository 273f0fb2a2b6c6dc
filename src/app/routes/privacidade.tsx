// /privacidade: what the Vitrine stores, why, for how long, and how to exercise the rights of the
// LGPD (Lei 13.709/2018), in plain Portuguese. Static: no data, readable offline once seen.
import { Link } from "react-router-dom"
import { paths } from "@/config/paths"

const h2 = "mt-10 text-xl font-bold text-stone-900"
const p = "mt-3 leading-relaxed text-stone-700"
const li = "leading-relaxed text-stone-700"

export default function PrivacyRoute() {
  return (
    <article className="mx-auto max-w-3xl">
      <title>Privacidade — Vitrine</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Privacidade</h1>
      <p className={p}>
        Esta página explica, sem juridiquês, quais dados a Vitrine guarda sobre você, para quê, por quanto tempo e como
        você exerce seus direitos garantidos pela Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018).
      </p>

      <h2 className={h2}>O que guardamos</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li className={li}>
          <strong>Sua conta:</strong> nome, username, email, bio, foto (se você enviar) e a senha, guardada só em forma
          cifrada (nunca a vemos). Seu email nunca aparece para outras pessoas.
        </li>
        <li className={li}>
          <strong>O que você publica:</strong> produtos (textos, link, imagens, tags), comentários, votos e denúncias.
        </li>
        <li className={li}>
          <strong>Notificações</strong> sobre seus produtos e comentários, e, se você ativar, os endereços dos aparelhos
          que recebem notificações push.
        </li>
        <li className={li}>
          <strong>Registros de uso para proteção contra abuso:</strong> quando você envia, comenta, vota, denuncia ou
          tenta entrar, guardamos o momento (e, para cadastros e logins, o endereço de rede) por até 2 dias, só para
          aplicar os limites que impedem spam e ataques.
        </li>
        <li className={li}>
          <strong>No seu aparelho:</strong> cópias das páginas que você abriu, ações feitas sem internet e rascunhos do
          formulário de produto ficam no navegador, para o app funcionar offline. Suas cópias privadas são apagadas
          quando você sai da conta.
        </li>
      </ul>

      <h2 className={h2}>Para quê</h2>
      <p className={p}>
        Para mostrar a vitrine, publicar o que você envia, avisar sobre votos e comentários, permitir a moderação e
        proteger a comunidade contra abuso. Não vendemos nem compartilhamos seus dados com anunciantes, e não usamos
        rastreadores de terceiros.
      </p>

      <h2 className={h2}>Por quanto tempo</h2>
      <p className={p}>
        Enquanto sua conta existir. Os registros de uso somem em 2 dias. Cópias de segurança do servidor guardam os
        dados por até 7 dias depois de uma exclusão.
      </p>

      <h2 className={h2}>Seus direitos</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li className={li}>
          <strong>Acesso e portabilidade:</strong> em{" "}
          <Link to={paths.profile} className="font-semibold text-brand-700 hover:underline">
            Meu Perfil
          </Link>
          , “Baixar meus dados” gera um arquivo com tudo o que guardamos sobre você.
        </li>
        <li className={li}>
          <strong>Correção:</strong> você edita seu perfil e seus produtos a qualquer momento.
        </li>
        <li className={li}>
          <strong>Exclusão:</strong> em Meu Perfil, “Excluir minha conta” apaga sua conta, seus produtos e imagens,
          votos, denúncias, notificações e aparelhos. Seus comentários continuam visíveis como “Usuário removido”, sem
          seu nome, para que as conversas de outras pessoas façam sentido.
        </li>
        <li className={li}>
          <strong>Dúvidas:</strong> escreva para a equipe pelo email privacidade@vitrine.app.
        </li>
      </ul>
    </article>
  )
}
