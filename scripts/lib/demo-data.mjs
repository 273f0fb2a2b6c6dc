// The demo data set's content (spec: decisions.md, "A demo data set"): categories, tags, people,
// products, comment texts and reports, all in Brazilian Portuguese. Only words live here; who
// votes and comments where, and when, is derived deterministically by demo-plan.mjs.

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

/**
 * One product per block: `título | dono | categoria (- = nenhuma) | tags | feito com (L = Lovable,
 * E = EPIC, - = nenhum) | situação (omitted = aprovado; pendente; rejeitado)`, then indented lines:
 * `Motivo: ...` for a rejection, and the description. A text table keeps 40 products readable.
 */
const PRODUCT_TABLE = `
Caderno Vivo | luciaribeiro | educacao | educação, ia, estudos | L
  Caderno digital que transforma suas anotações de aula em resumos e flashcards com IA. Feito para quem
  estuda para o Enem e concursos, com revisão espaçada e lembretes no celular.
Tabuada Divertida | luciaribeiro | educacao | educação, jogos, mobile, aplicativo | L
  Aplicativo de tabuada em formato de jogo para crianças de 7 a 10 anos, com fases, estrelas e um
  relatório simples para os pais acompanharem a evolução.
Plano de Aula Express | luciaribeiro | educacao | educação, ia, produtividade | LE
  Gera planos de aula alinhados à BNCC em minutos. Você informa a série, o tema e o tempo disponível; a
  ferramenta sugere objetivos, atividades, materiais e uma forma de avaliação.
Leitura em Voz Alta | luciaribeiro | educacao | educação, acessibilidade, ia | E
  Transforma textos e PDFs em áudio com vozes naturais em português, destacando cada frase enquanto lê.
  Ajuda alunos com dislexia e quem gosta de estudar no ônibus.
Mapa de Estágios | luciaribeiro | educacao | educação, comunidade, dados | - | pendente
  Mapa colaborativo de vagas de estágio para estudantes de licenciatura, com avaliações das escolas
  parceiras feitas pelos próprios estagiários.
Educação Financeira para Teens | feoliveira | educacao | educação, finanças, aplicativo | E
  Trilha curta de Educação financeira para adolescentes: mesada, poupança e primeiros investimentos
  explicados com desafios semanais e pequenas recompensas.
Orçamento a Dois | feoliveira | financas | finanças, aplicativo, mobile | L
  Aplicativo para casais organizarem as contas da casa: divide despesas, lembra vencimentos e mostra
  quanto falta para a meta do mês, sem briga na hora de acertar.
Nota Fácil MEI | feoliveira | financas | finanças, saas, automação | E
  Emissão de notas fiscais de serviço para microempreendedores em três cliques, com lembrete do DAS e um
  painel de faturamento anual para não estourar o limite.
Cofrinho Digital | feoliveira | financas | finanças, mobile, pwa, lovable | L
  Defina metas de economia com fotos do que você quer conquistar e acompanhe o progresso. Funciona
  offline e pode ser instalado no celular como um aplicativo.
Investe Sem Medo | feoliveira | financas | finanças, ia, chatbot | L | pendente
  Assistente que explica Tesouro Direto, CDB e fundos em linguagem simples e monta uma carteira de
  estudo de acordo com o seu perfil, sem vender nenhum produto.
Foco Total | joaopereira | produtividade | produtividade, pwa, open-source | L
  Timer pomodoro minimalista com bloqueio de sites, estatísticas semanais e modo escuro. Código aberto,
  sem anúncios e sem cadastro.
Reunião em Ata | joaopereira | ferramentas-de-ia | ia, produtividade, saas | LE
  Grava, transcreve e resume reuniões em português. Gera a ata com decisões e próximos passos e envia
  por e-mail para todos os participantes.
Fluxo Zap | joaopereira | produtividade | automação, no-code, marketing | E
  Automação de respostas no WhatsApp para pequenos comércios: catálogo, horário de funcionamento e
  agendamento de horários sem escrever uma linha de código.
Kanban da Firma | joaopereira | produtividade | produtividade, saas, no-code, lovable | L
  Quadro kanban pensado para escritórios pequenos, com modelos prontos para contabilidade, advocacia e
  agências. Importa tarefas de planilhas em um clique.
Planilha Viva | joaopereira | ferramentas-de-ia | ia, dados, produtividade | -
  Faça perguntas em português sobre suas planilhas e receba gráficos e respostas prontas. Conecta com
  arquivos CSV e planilhas on-line.
DevLog | joaopereira | comunidade | comunidade, open-source | - | rejeitado
  Motivo: O link informado não abre e a descrição não explica o que o produto faz. Ajuste e envie novamente.
  Um lugar para registrar o que você aprendeu programando hoje, com streaks e um feed da comunidade.
Receita Inteligente | biagoncalves | saude | receitas, ia, saúde | L
  Diga o que tem na geladeira e receba receitas saudáveis com lista de compras e informação nutricional
  por porção. Menos desperdício e mais comida de verdade.
Hidrata Aí | biagoncalves | saude | saúde, mobile, aplicativo | L
  Lembretes de água que se adaptam ao clima da sua cidade e à sua rotina de exercícios. Simples, bonito
  e sem cadastro.
Sono em Dia | biagoncalves | saude | saúde, dados, mobile | E
  Diário de sono com gráficos semanais e dicas de higiene do sono baseadas em evidências. Exporta um
  relatório para levar à consulta.
Marmita Planejada | biagoncalves | saude | receitas, produtividade, saúde | L
  Planeje as marmitas da semana em dez minutos: cardápio equilibrado, lista de compras por seção do
  mercado e passo a passo para cozinhar tudo no domingo.
Mente Calma | biagoncalves | saude | saúde, ia, chatbot | LE | pendente
  Exercícios guiados de respiração e um diário de humor com sugestões gentis. Não substitui terapia e
  indica serviços de apoio quando necessário.
Batalha de Palavras | thiagoaraujo | jogos | jogos, educação, mobile | L
  Jogo de palavras multiplayer em português: forme palavras com as letras sorteadas e desafie amigos em
  partidas rápidas de dois minutos.
Quiz do Brasileirão | thiagoaraujo | jogos | jogos, comunidade, pwa | E
  Perguntas sobre a história do campeonato brasileiro, rankings semanais entre torcidas e um modo
  desafio para jogar com os amigos no intervalo.
Pixel Sertão | thiagoaraujo | jogos | jogos, design, open-source | -
  Jogo de plataforma em pixel art ambientado no sertão nordestino, com trilha sonora de forró e fases
  inspiradas em histórias de cordel.
Caça ao Tesouro Urbano | thiagoaraujo | jogos | jogos, viagem, mobile | L
  Transforme qualquer cidade em um jogo: pistas com geolocalização levam a pontos históricos e murais.
  Ótimo para turistas, escolas e festas de aniversário.
Dungeon de Bolso | thiagoaraujo | jogos | jogos, mobile | L | pendente
  Roguelike de partidas curtas para jogar com uma mão só no celular, com masmorras geradas a cada
  partida e personagens do folclore brasileiro.
Pet Agenda | anasouza | - | pets, aplicativo, mobile | L
  Vacinas, banhos e consultas do seu pet em um só lugar, com lembretes e um histórico que você pode
  compartilhar com o veterinário.
Paleta Tropical | anasouza | design | design, ia, no-code | L
  Gera paletas de cores inspiradas em fotos e paisagens brasileiras, com contraste verificado para
  acessibilidade e exportação para Figma e CSS.
Cardápio QR | anasouza | - | no-code, saas, mobile, lovable | L
  Cardápio digital para bares e restaurantes: atualize preços pelo celular, marque pratos esgotados e
  receba pedidos direto na mesa pelo QR code.
Feira Livre Online | anasouza | comunidade | comunidade, sustentabilidade, mobile | LE
  Conecta produtores de feiras orgânicas a moradores do bairro: veja o que chegou, reserve e retire na
  barraca sem fila.
Acessa Fácil | anasouza | ferramentas-de-ia | acessibilidade, ia, open-source | E
  Extensão de navegador que descreve imagens e simplifica textos de sites com IA, pensada para pessoas
  com baixa visão e dislexia.
Convite Animado | anasouza | design | design, ia | L | rejeitado
  Motivo: As imagens enviadas são de outro produto e não mostram o aplicativo. Envie capturas de tela reais.
  Crie convites animados para festas e casamentos com modelos prontos e envio pelo WhatsApp.
Vaga Certa | cadu | ferramentas-de-ia | ia, saas, marketing | L
  Analisa seu currículo frente a uma vaga e sugere ajustes de palavras-chave e experiências, com carta
  de apresentação em português pronta para revisar.
Mutirão | cadu | comunidade | comunidade, sustentabilidade, aplicativo | L
  Organize mutirões de limpeza, doação e reforma no seu bairro: crie o evento, divida tarefas e
  acompanhe quem confirmou presença.
Atende.ai | cadu | ferramentas-de-ia | chatbot, ia, saas, no-code | LE
  Chatbot de atendimento treinado com as perguntas frequentes da sua loja. Responde no site e no
  Instagram e passa para um humano quando não sabe.
Painel do Condomínio | cadu | comunidade | comunidade, saas, no-code | E
  Reservas do salão de festas, avisos, votações e prestação de contas do condomínio em um painel
  simples que até o síndico mais tradicional aprova.
Landing em 5 Minutos | cadu | produtividade | no-code, marketing, lovable | L
  Descreva seu produto e receba uma landing page responsiva com textos persuasivos, formulário de
  captura e integração com ferramentas de e-mail marketing.
Cobra Fácil | cadu | financas | finanças, saas, automação | - | rejeitado
  Motivo: Produto duplicado: já existe uma submissão igual na Vitrine. Atualize a original em vez de reenviar.
  Envio automático de cobranças por Pix e boleto com lembretes educados para seus clientes.
Mochilão Planner | pedrohcosta | - | viagem, aplicativo | - | pendente
  Roteiros de mochilão pela América do Sul com estimativa de gastos por dia, dicas de hostels e
  checklists de documentos para cada país.
Trilha Sonora de Estudo | luciaribeiro | educacao | música, estudos, ia | L
  Playlists geradas para o seu tipo de tarefa: leitura, exercícios ou revisão. Sem letras nas horas de
  foco e com pausas sugeridas pelo método pomodoro.
`

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
