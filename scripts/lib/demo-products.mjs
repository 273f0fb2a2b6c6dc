// The demo products as a text table (parsed and checked by demo-data.mjs): only words live here.

/**
 * One product per block: `título | dono | categoria (- = nenhuma) | tags | feito com (L = Lovable,
 * E = EPIC, - = nenhum) | situação (omitted = aprovado; pendente; rejeitado)`, then indented lines:
 * `Motivo: ...` for a rejection, and the description. A text table keeps 40 products readable.
 */
export const PRODUCT_TABLE = `
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
