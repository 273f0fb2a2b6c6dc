// Where the profile section lives, for links to it (the bell offer) and its own scroll.
export const PUSH_SECTION_ID = "notificacoes-push"
