// Types of text.js for the app (the file is CommonJS, shared with pb_hooks).
type Messages = Record<string, string>
declare const text: {
  graphemeCount(s: string): number
  hasControl(s: string): boolean
  isInvisible(s: string): boolean
  textProblem(value: string, min: number, max: number, minMessage: string, maxMessage: string, m: Messages): string
  urlProblem(url: string, maxLength: number, m: Messages): string
  splitTags(raw: string): string[]
}
export default text
