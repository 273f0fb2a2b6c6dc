// @ts-check
/// <reference path="../types/types.d.ts" />
// LGPD self-service for the signed-in user:
// - GET /api/vitrine/me/export: one JSON file with everything the site holds about them (profile
//   with e-mail, products with their picture files, votes, comments, reports, notifications, push
//   devices and preferences, roles, and the moderation entries about them or their products);
// - POST /api/vitrine/me/delete {password}: the account goes, in one transaction: products (and
//   their pictures) deleted, votes removed and the counters recounted, reports and devices deleted,
//   comments kept without an author ('Usuário removido') so threads stay readable, moderation
//   entries kept without an actor; sessions die with the record.

/**
 * @param {core.App} app
 * @param {string} collection
 * @param {string} filter
 * @param {dbx.Params} params
 */
function rows(app, collection, filter, params) {
  return app.findRecordsByFilter(collection, filter, "-created", 0, 0, params)
}

/**
 * A record as plain JSON: its id, creation time and `fields` (JSON fields parsed).
 * @param {core.Record} record
 * @param {string[]} fields
 */
function plain(record, fields) {
  /** @type {{ [field: string]: unknown }} */
  const out = { id: record.id, created: record.getString("created") }
  for (const f of fields) {
    if (JSON_FIELDS[f]) {
      try {
        out[f] = JSON.parse(record.getString(f) || "null")
      } catch (_) {
        out[f] = record.getString(f)
      }
    } else out[f] = record.get(f)
  }
  return out
}

/** @type {{ [field: string]: boolean }} */
const JSON_FIELDS = { payload: true, metadata: true }

/**
 * GET /api/vitrine/me/export
 * @param {core.RequestEvent} e
 */
function exportData(e) {
  const app = e.app
  const me = app.findRecordById("users", e.auth.id)
  const id = me.id
  const base = String(e.app.settings().meta.appURL || "").replace(/\/+$/, "")
  const products = rows(app, "products", "created_by = {:u}", { u: id })
  const productIds = products.map((p) => p.id)
  /** @type {(p: core.Record, name: string) => string} */
  const fileUrl = (p, name) => `${base}/api/files/${p.collection().id}/${p.id}/${name}`
  const data = {
    gerado_em: new Date().toISOString(),
    sobre: "Todos os dados que a Vitrine guarda sobre você (LGPD, art. 18). Veja /privacidade.",
    perfil: {
      id: id,
      email: me.email(),
      email_verificado: me.verified(),
      display_name: me.getString("display_name"),
      username: me.getString("username"),
      bio: me.getString("bio"),
      avatar: me.getString("avatar") ? fileUrl(me, me.getString("avatar")) : "",
      criado_em: me.getString("created"),
      atualizado_em: me.getString("updated"),
    },
    papeis: rows(app, "user_roles", "user = {:u}", { u: id }).map((r) => r.getString("role")),
    produtos: products.map((p) => ({
      ...plain(p, ["slug", "title", "description", "url", "status", "rejection_reason", "published_at"]),
      vote_count: p.getInt("vote_count"),
      view_count: p.getInt("view_count"),
      click_count: p.getInt("click_count"),
      comment_count: p.getInt("comment_count"),
      imagens: p.getStringSlice("images").map((n) => fileUrl(p, n)),
    })),
    votos: rows(app, "votes", "user = {:u}", { u: id }).map((v) => plain(v, ["product"])),
    comentarios: rows(app, "comments", "user = {:u}", { u: id }).map((c) =>
      plain(c, ["product", "parent", "content", "is_deleted"]),
    ),
    denuncias: rows(app, "flags", "reporter = {:u}", { u: id }).map((f) =>
      plain(f, ["target_type", "product", "comment", "reason", "status", "reviewed_at"]),
    ),
    notificacoes: rows(app, "notifications", "user = {:u}", { u: id }).map((n) =>
      plain(n, ["type", "actor", "product", "comment", "payload", "is_read"]),
    ),
    aparelhos_push: rows(app, "push_subscriptions", "user = {:u}", { u: id }).map((s) =>
      plain(s, ["endpoint", "user_agent"]),
    ),
    preferencias_push: rows(app, "push_preferences", "user = {:u}", { u: id }).map((s) =>
      plain(s, ["votes", "comments", "moderation"]),
    ),
    seguindo: rows(app, "follows", "follower = {:u}", { u: id }).map((f) => plain(f, ["maker"])),
    seguidores: rows(app, "follows", "maker = {:u}", { u: id }).map((f) => plain(f, ["follower"])),
    moderacao: moderationAbout(app, id, productIds),
  }
  e.response.header().set("Content-Disposition", 'attachment; filename="vitrine-meus-dados.json"')
  return e.json(200, data)
}

/**
 * Moderation entries by them, about them (roles), or about their products.
 * @param {core.App} app
 * @param {string} userId
 * @param {string[]} productIds
 */
function moderationAbout(app, userId, productIds) {
  /** @type {{ [id: string]: core.Record }} */
  const byId = {}
  const add = (/** @type {core.Record[]} */ list) => list.forEach((r) => (byId[r.id] = r))
  add(rows(app, "moderation_log", "admin = {:u}", { u: userId }))
  add(rows(app, "moderation_log", "target_type = 'user' && target_id = {:u}", { u: userId }))
  for (const pid of productIds)
    add(rows(app, "moderation_log", "target_type = 'product' && target_id = {:p}", { p: pid }))
  return Object.keys(byId).map((k) => plain(byId[k], ["admin", "action", "target_type", "target_id", "metadata"]))
}

/**
 * POST /api/vitrine/me/delete {password}
 * @param {core.RequestEvent} e
 */
function deleteAccount(e) {
  const m = require(`${__hooks}/lib/util.js`).messages()
  const password = String((e.requestInfo().body || {}).password || "")
  const me = e.app.findRecordById("users", e.auth.id)
  if (!password || !me.validatePassword(require(`${__hooks}/lib/accounts.js`).storedPassword(password))) {
    require(`${__hooks}/lib/util.js`).fail("password", m.deletePasswordWrong)
  }
  const counters = require(`${__hooks}/lib/counters.js`)
  e.app.runInTransaction((tx) => {
    const user = tx.findRecordById("users", me.id)
    // votes out, and the products they were on counted again
    for (const v of tx.findRecordsByFilter("votes", "user = {:u}", "", 0, 0, { u: user.id })) {
      const product = v.getString("product")
      tx.delete(v)
      counters.recountVotes(tx, product)
    }
    for (const p of tx.findRecordsByFilter("products", "created_by = {:u}", "", 0, 0, { u: user.id })) tx.delete(p)
    tx.db()
      .newQuery("DELETE FROM usage_events WHERE subject = {:u} OR subject LIKE {:pair}")
      .bind({ u: user.id, pair: "%|" + user.email().toLowerCase() })
      .execute()
    // comments stay without their author (the relation is optional and not cascading): PocketBase
    // clears the reference when the user goes, as for notifications' actor and the log's admin
    tx.delete(user)
  })
  require(`${__hooks}/lib/products-write.js`).dropUnusedTags(e.app)
  return e.json(200, { deleted: true })
}

module.exports = { exportData, deleteAccount }
