// The text rules the server applies (pb_hooks/lib/text.js, shared as is): lengths in
// user-perceived characters, no control characters, no text made only of invisible characters,
// one URL rule, tags split on commas. Valibot checks built on them for the forms.
import * as v from "valibot"
import text from "../../pb_hooks/lib/text.js"
import { limits, messages } from "./rules"

export const { graphemeCount, splitTags } = text

/** '' when `value` fits [min, max] characters and is real text, else the message. */
export function textProblem(value: string, min: number, max: number, minMessage: string, maxMessage: string) {
  return text.textProblem(value, min, max, minMessage, maxMessage, messages)
}

export function urlProblem(url: string): string {
  return text.urlProblem(url, limits.productUrl.max, messages)
}

/** A valibot action: the text rules with the field's limits and messages. */
export function textRule(min: number, max: number, minMessage: string, maxMessage: string) {
  return v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const problem = textProblem(dataset.value, min, max, minMessage, maxMessage)
    if (problem) addIssue({ message: problem })
  })
}
