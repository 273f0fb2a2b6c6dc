// @ts-check
/// <reference path="types/types.d.ts" />
// Launch days, following makers and maker analytics (issue 16). Logic: lib/ranking.js (the
// ranking), lib/launches.js (closing ended days), lib/follows.js (follow state, followers'
// notifications), lib/product-stats.js (the owner's numbers), lib/launch-days.js (São Paulo days).

routerAdd("GET", "/api/vitrine/ranking", (e) => require(`${__hooks}/lib/ranking.js`).ranking(e))
routerAdd("POST", "/api/vitrine/launches/close", (e) => require(`${__hooks}/lib/launches.js`).closeRoute(e))

// Days close shortly after midnight in São Paulo even when nobody reads the ranking: the job calls
// the close route over HTTP (0.39.0 cron jobs may see a dead transactional $app; routes do not).
// VITRINE_LAUNCH_CRON changes the schedule (tests use every minute).
cronAdd("vitrine-launch-close", $os.getenv("VITRINE_LAUNCH_CRON") || "*/10 * * * *", () =>
  require(`${__hooks}/lib/launches.js`).cronClose(),
)

// A maker opening the app the morning after gets the day's place: their notification list closes
// the ended days (cheap once done: the app store remembers). PocketBase runs this hook after the
// list query, so that very answer lacks the new row; the bell's realtime subscription and any
// later read have it.
onRecordsListRequest((e) => {
  try {
    require(`${__hooks}/lib/launches.js`).closeEndedDays(e.app)
  } catch (err) {
    require(`${__hooks}/lib/util.js`).logWarn("closing ended launch days failed", err)
  }
  e.next()
}, "notifications")

routerAdd(
  "PUT",
  "/api/vitrine/makers/{id}/follow",
  (e) => require(`${__hooks}/lib/follows.js`).setFollow(e, true),
  $apis.requireAuth("users"),
)
routerAdd(
  "DELETE",
  "/api/vitrine/makers/{id}/follow",
  (e) => require(`${__hooks}/lib/follows.js`).setFollow(e, false),
  $apis.requireAuth("users"),
)

routerAdd("GET", "/api/vitrine/products/by-slug/{slug}/stats", (e) =>
  require(`${__hooks}/lib/product-stats.js`).stats(e, String(e.request.pathValue("slug") || "")),
)
