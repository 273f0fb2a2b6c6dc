// @ts-check
/// <reference path="../types/types.d.ts" />
// Calendar days in America/Sao_Paulo, where a product's launch day is the day it was approved.
// The JS engine of PocketBase has no Intl (no time zones), so this uses the fixed offset UTC-3:
// São Paulo has had no daylight saving time since 2019 (decree 9.772/2019). Should DST ever come
// back, OFFSET_HOURS and the SQL in the 1795313600/1795313620 migrations (date(x, '-3 hours'))
// must change together. Days are 'YYYY-MM-DD' text, weeks are named by their Monday
// ('YYYY-MM-DD', Monday to Sunday) and months are 'YYYY-MM': all compare as text.

const OFFSET_HOURS = 3
const OFFSET_MS = OFFSET_HOURS * 3600 * 1000
const DAY_MS = 24 * 3600 * 1000
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTH_RE = /^(\d{4})-(\d{2})$/

/**
 * The São Paulo day of an instant (ms since epoch).
 * @param {number} ms
 */
function dayOf(ms) {
  return new Date(ms - OFFSET_MS).toISOString().slice(0, 10)
}

/**
 * Today in São Paulo (`now` in ms, default the clock).
 * @param {number} [now]
 */
function today(now) {
  return dayOf(now === undefined ? Date.now() : now)
}

/**
 * ms at 00:00 UTC of a valid day (arithmetic only: days have no time zone here).
 * @param {string} day
 */
function utcMidnight(day) {
  const m = DAY_RE.exec(day)
  return Date.UTC(+m[1], +m[2] - 1, +m[3])
}

/**
 * Whether `s` is a real calendar day 'YYYY-MM-DD' (2025-02-30 is not).
 * @param {unknown} s
 */
function isDay(s) {
  if (typeof s !== "string" || !DAY_RE.test(s)) return false
  return new Date(utcMidnight(s)).toISOString().slice(0, 10) === s
}

/** @param {unknown} s */
function isMonth(s) {
  const m = typeof s === "string" ? MONTH_RE.exec(s) : null
  return !!m && +m[2] >= 1 && +m[2] <= 12
}

/**
 * @param {string} day
 * @param {number} n
 */
function addDays(day, n) {
  return new Date(utcMidnight(day) + n * DAY_MS).toISOString().slice(0, 10)
}

/**
 * The Monday of the week (Monday to Sunday) that contains `day`.
 * @param {string} day
 */
function weekOf(day) {
  const weekday = (new Date(utcMidnight(day)).getUTCDay() + 6) % 7 // Monday = 0
  return addDays(day, -weekday)
}

/** @param {string} day */
function monthOf(day) {
  return day.slice(0, 7)
}

/**
 * 'YYYY-MM' moved by n months.
 * @param {string} month
 * @param {number} n
 */
function addMonths(month, n) {
  const m = MONTH_RE.exec(month)
  const index = +m[1] * 12 + (+m[2] - 1) + n
  const y = Math.floor(index / 12)
  const mm = (index % 12) + 1
  return `${y}-${mm < 10 ? "0" : ""}${mm}`
}

/**
 * The last day of a month 'YYYY-MM'.
 * @param {string} month
 */
function monthEnd(month) {
  return addDays(addMonths(month, 1) + "-01", -1)
}

/**
 * The launch columns of a product published at `publishedAt` (PocketBase's date text
 * '2025-03-10 02:59:00.000Z', or ISO): {day, week, month}, all '' when it was never published.
 * @param {string} publishedAt
 */
function launchFields(publishedAt) {
  const text = String(publishedAt || "").trim()
  const ms = text ? Date.parse(text.replace(" ", "T")) : NaN
  if (isNaN(ms)) return { day: "", week: "", month: "" }
  const day = dayOf(ms)
  return { day: day, week: weekOf(day), month: monthOf(day) }
}

/**
 * 'DD/MM' of a day, as the notifications show it.
 * @param {string} day
 */
function shortDate(day) {
  return day.slice(8, 10) + "/" + day.slice(5, 7)
}

/** The product columns that hold a product's launch day, week and month (launchFields). */
const COLUMNS = { day: "launch_day", week: "launch_week", month: "launch_month" }

module.exports = {
  OFFSET_HOURS,
  COLUMNS,
  dayOf,
  today,
  isDay,
  isMonth,
  addDays,
  weekOf,
  monthOf,
  addMonths,
  monthEnd,
  launchFields,
  shortDate,
}
