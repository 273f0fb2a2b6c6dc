import { Link } from "react-router-dom"
import { paths } from "@/config/paths"

export function Footer() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-stone-600 sm:flex-row">
        <p>© {new Date().getFullYear()} Vitrine. Todos os direitos reservados.</p>
        <nav className="flex items-center gap-4" aria-label="Rodapé">
          <Link to={paths.landing} className="hover:text-brand-700">
            Página inicial
          </Link>
          <Link to={paths.privacy} className="hover:text-brand-700">
            Privacidade
          </Link>
          <a href="https://lovable.dev" target="_blank" rel="noopener noreferrer" className="hover:text-brand-700">
            Feito com Lovable
          </a>
        </nav>
      </div>
    </footer>
  )
}
