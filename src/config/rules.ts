// Limits and Portuguese messages shared with the server: pb_hooks require the same JSON file.
import rules from "../../pb_hooks/lib/rules.json"

export const limits = rules.limits
export const messages = rules.messages
