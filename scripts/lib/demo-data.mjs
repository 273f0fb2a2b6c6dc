// The demo data set's content (spec: decisions.md, "A demo data set"): categories, tags, people,
// products, comment texts and reports, all in Brazilian Portuguese. Only words live here; who
// votes and comments where, and when, is derived deterministically by demo-plan.mjs. The products
// themselves are a text table in demo-products.mjs.
import { PRODUCT_TABLE } from "./demo-products.mjs"

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = "demo-senha-123"

export const CATEGORIES = [
  { slug: "produtividade", name: "Produtividade" },
  { slug: "educacao", name: "Educação" },
  { slug: "saude", name: "Saúde" },
  { slug: "financas", name: "Finanças" },
  { slug: "jogos", name: "Jogos" },
  { slug: "ferramentas-de-ia", name: "Ferramentas de IA" },
  { slug: "comunidade", name: "Comunidade" },
  { slug: "design", name: "Design" },
]

// prettier-ignore
export const TAGS = [
  "ia", "no-code", "lovable", "saas", "educação", "aplicativo", "mobile", "produtividade", "finanças", "saúde",
  "jogos", "open-source", "chatbot", "automação", "design", "pwa", "comunidade", "marketing", "dados",
  "acessibilidade", "estudos", "pets", "receitas", "viagem", "música", "sustentabilidade",
]

/** Staff first (they moderate), then the makers; `key` is the username. Pedro has no bio on purpose. */
// prettier-ignore
export const USERS = [
  { key: "marina", name: "Marina Alves", email: "admin@vitrine.demo", role: "admin",
    bio: "Cuido da curadoria da Vitrine. Adoro descobrir projetos feitos por gente que nunca tinha programado." },
  { key: "rafael", name: "Rafael Lima", email: "moderacao@vitrine.demo", role: "moderator",
    bio: "Moderador voluntário. Product manager em São Paulo e testador compulsivo de aplicativos novos." },
  { key: "anasouza", name: "Ana Souza", email: "ana@vitrine.demo",
    bio: "Designer de produto em Recife. Faço apps no-code para pequenos negócios do meu bairro." },
  { key: "joaopereira", name: "João Pereira", email: "joao@vitrine.demo",
    bio: "Desenvolvedor em Porto Alegre, fã de automação, código aberto e café coado." },
  { key: "luciaribeiro", name: "Lúcia Ribeiro", email: "lucia@vitrine.demo",
    bio: "Professora de matemática que virou maker: crio ferramentas para a sala de aula." },
  { key: "cadu", name: "Carlos Eduardo Santos", email: "cadu@vitrine.demo",
    bio: "Fundador de SaaS pequenos e úteis. Curitiba. Acredito em lançar cedo e ouvir muito." },
  { key: "biagoncalves", name: "Beatriz Gonçalves", email: "beatriz@vitrine.demo",
    bio: "Nutricionista e entusiasta de IA. Quero que comer bem seja simples para todo mundo." },
  { key: "thiagoaraujo", name: "Thiago Araújo", email: "thiago@vitrine.demo",
    bio: "Game dev indie em Belo Horizonte. Jogos curtos, pixel art e muito pão de queijo." },
  { key: "feoliveira", name: "Fernanda Oliveira", email: "fernanda@vitrine.demo",
    bio: "Analista financeira de dia, maker à noite. Finanças pessoais sem planilha assustadora." },
  { key: "pedrohcosta", name: "Pedro Henrique Costa", email: "pedro@vitrine.demo" },
]

const slugify = (text) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")

/** Parses PRODUCT_TABLE and checks it against the schema limits, so a bad edit fails before any request. */
function parseProducts(table) {
  const products = []
  for (const line of table.split("\n").filter((l) => l.trim())) {
    if (line.startsWith(" ")) {
      const p = products[products.length - 1]
      if (line.trim().startsWith("Motivo: ")) p.rejectionReason = line.trim().slice("Motivo: ".length)
      else p.description = `${p.description} ${line.trim()}`.trim()
      continue
    }
    const [title, owner, category, tags, builtWith, status = "aprovado"] = line.split(" | ")
    products.push({
      slug: slugify(title),
      title,
      owner,
      category: category === "-" ? null : category,
      tags: tags.split(", "),
      lovable: builtWith.includes("L"),
      epic: builtWith.includes("E"),
      status: { aprovado: "approved", pendente: "pending", rejeitado: "rejected" }[status],
      rejectionReason: "",
      description: "",
    })
  }
  const users = new Set(USERS.map((u) => u.key))
  const categories = new Set(CATEGORIES.map((c) => c.slug))
  for (const p of products) {
    const problems = [
      (p.title.length < 5 || p.title.length > 100) && "título fora de 5-100",
      (p.description.length < 50 || p.description.length > 1000) && "descrição fora de 50-1000",
      !users.has(p.owner) && `dono desconhecido ${p.owner}`,
      p.category && !categories.has(p.category) && `categoria desconhecida ${p.category}`,
      (p.tags.length < 1 || p.tags.length > 5) && "1-5 tags",
      !p.status && "situação desconhecida",
      (p.status === "rejected") !== !!p.rejectionReason && "motivo só (e sempre) na rejeição",
      ...p.tags.filter((t) => !TAGS.includes(t)).map((t) => `tag desconhecida ${t}`),
    ].filter(Boolean)
    if (problems.length) throw new Error(`demo-data: ${p.title}: ${problems.join(", ")}`)
  }
  return products
}

export const PRODUCTS = parseProducts(PRODUCT_TABLE)

/**
 * Top-level comments, spread over approved products by visitors who are not the owner, each with the
 * owner's answer and another visitor's reply, either of which may be used to start a thread.
 */
// prettier-ignore
export const COMMENTS = [
  ["Adorei a proposta! Usei durante a semana toda e já virou parte da minha rotina.",
    "Que bom que ajudou! Conta pra gente o que mais você gostaria de ver por aqui."],
  ["A interface está muito limpa. Só senti falta de um modo escuro, tem previsão?",
    "Obrigado pelo retorno! O modo escuro está na lista para o próximo mês.",
    "Concordo, também senti falta disso quando usei à noite."],
  ["Testei no celular e funcionou super bem, mesmo com a internet oscilando no metrô.",
    "Esse era um dos nossos objetivos, que bom que deu certo na prática!"],
  ["Que ideia boa! Vocês pretendem lançar uma versão para equipes ou escolas?",
    "Sim! Estamos conversando com duas escolas para um piloto no próximo semestre.",
    "+1 nesse pedido! Seria perfeito para o meu time também."],
  ["Parabéns pelo lançamento! Dá para exportar os dados em planilha?",
    "Boa pergunta: a exportação em CSV chega na próxima versão, prometo avisar aqui."],
  ["Achei o cadastro inicial um pouco longo, mas depois que entendi ficou fácil de usar.",
    "Faz sentido. Vamos cortar duas etapas do cadastro ainda esta semana."],
  ["Ficou com cara de produto grande! Quanto tempo levou do zero até publicar?",
    "Umas três semanas, à noite e nos fins de semana. As ferramentas no-code ajudaram muito."],
  ["Indiquei para a minha irmã e ela amou. Só falta integração com o Google Agenda.",
    "A integração com o Google Agenda já está em testes, deve sair logo.",
    "Seria ótimo mesmo, uso o Google Agenda para tudo."],
  ["Encontrei um pequeno bug: ao voltar da tela de configurações, a lista fica em branco.",
    "Valeu pelo aviso! Já corrigimos esse bug, atualiza a página e testa de novo.",
    "Aqui funcionou direitinho, talvez seja o navegador. Tenta limpar o cache."],
  ["Qual foi a maior dificuldade para construir? Estou começando um projeto parecido.",
    "A parte mais difícil foi modelar os dados. O resto a ferramenta no-code resolveu rápido."],
  ["Muito útil para quem está começando. O tutorial dos primeiros passos ajuda bastante."],
  ["Seria incrível receber um resumo por e-mail no fim da semana.",
    "Anotado! O resumo semanal por e-mail entrou no nosso planejamento.",
    "Eu também gostaria, às vezes esqueço de abrir o app."],
  ["Uso há um mês e já economizei um bom tempo. Recomendo para todo mundo!"],
  ["O preço está justo? Não encontrei a página de planos no site.",
    "Por enquanto é gratuito. Se um dia tiver plano pago, quem chegou cedo ganha desconto."],
  ["Gostei muito das cores e da tipografia, dá vontade de abrir todo dia.",
    "Valeu! Passei um bom tempo escolhendo a paleta, fico feliz que notou."],
  ["Funciona em português de Portugal também? Tenho amigos em Lisboa interessados.",
    "Funciona sim, só alguns termos ficam com cara de Brasil. Manda para eles!"],
  ["Seria ótimo ter uma opção de fonte maior para os meus pais usarem.",
    "Ótima sugestão, acessibilidade é prioridade. Vamos adicionar o ajuste de fonte."],
  ["Mostrei na reunião da empresa e o pessoal quer testar na semana que vem."],
  ["Os textos em português estão muito naturais, nada de tradução automática esquisita. Ponto para vocês."],
  ["Faltou só um jeito de convidar amigos. De resto, está excelente!",
    "O convite por link já está pronto, sai na próxima atualização."],
  ["Carregou rapidinho até no meu celular antigo. Isso faz muita diferença."],
  ["Tem API ou integração com Zapier? Queria automatizar algumas coisas por aqui.",
    "Ainda não, mas uma API simples está nos planos para o próximo trimestre.",
    "Enquanto isso, eu uso o Make com as notificações por e-mail. Quebra um galho."],
  ["Vocês guardam meus dados em servidores no Brasil? Pergunto por causa da LGPD.",
    "Sim! Todos os dados ficam em servidores no Brasil e você pode apagar tudo quando quiser."],
  ["Comecei a usar com a minha família e todo mundo curtiu demais."],
]

/**
 * Reports, by product slug. A `comment` report targets a comment written by `author` with that text;
 * a resolved comment report leaves the comment soft-deleted, as the moderation flow does.
 */
// prettier-ignore
export const FLAGS = [
  { product: "landing-em-5-minutos", reporter: "feoliveira", status: "open",
    reason: "O site pede cartão de crédito logo na entrada e não deixa claro que o serviço é pago." },
  { product: "quiz-do-brasileirao", reporter: "biagoncalves", status: "open",
    reason: "Usa os escudos oficiais dos clubes, talvez sem autorização dos times." },
  { product: "sono-em-dia", reporter: "cadu", status: "dismissed",
    reason: "Parece prometer diagnóstico médico, o que não deveria ser permitido." },
  { product: "quiz-do-brasileirao", reporter: "thiagoaraujo", status: "open", author: "pedrohcosta",
    comment: "Isso aqui é cópia descarada de outro app, nem percam tempo com essa porcaria.",
    reason: "Comentário ofensivo, sem nenhuma crítica construtiva ao produto." },
  { product: "caderno-vivo", reporter: "luciaribeiro", status: "open", author: "pedrohcosta",
    comment: "Conheça meu curso de marketing digital com 50% de desconto, o link está no meu perfil!",
    reason: "Propaganda de outro produto, sem relação com o Caderno Vivo." },
  { product: "foco-total", reporter: "anasouza", status: "resolved", author: "pedrohcosta",
    comment: "Ganhe dinheiro rápido trabalhando de casa! Chama no meu perfil que eu explico o método.",
    reason: "Spam: propaganda de esquema de dinheiro fácil sem relação com o produto." },
]
