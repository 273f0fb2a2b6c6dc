/// <reference path="../pb_data/types.d.ts" />
// The whole Vitrine data model (spec section 3) with its API rules (spec section 6 and
// decisions.md). Counters, status, published_at, roles and moderation fields are never writable
// by a client: they change only through hooks and custom routes that re-check the rules.
// Keep this file quiet (no app.logger()): 0.39.0 hangs on a migration that logs 200+ entries.

migrate(
  (app) => {
    // Who is staff: anyone with a row in user_roles (admin or moderator).
    const STAFF = "(@request.auth.id != '' && @collection.user_roles.user ?= @request.auth.id)"
    const SIGNED_IN = "@request.auth.id != ''"
    const autodates = [
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ]
    const unset = (...names) => names.map((n) => `@request.body.${n}:isset = false`).join(" && ")
    const idOf = (name) => app.findCollectionByNameOrId(name).id

    // ---------- users (auth) ----------
    const users = app.findCollectionByNameOrId("users")
    users.fields.removeByName("name")
    users.fields.removeByName("avatar")
    users.fields.add(new TextField({ name: "display_name", required: true, min: 2, max: 50, presentable: true }))
    users.fields.add(new TextField({ name: "username", required: true, min: 3, max: 20, pattern: "^[a-z0-9_-]+$" }))
    users.fields.add(new TextField({ name: "bio", max: 500 }))
    users.fields.add(
      new FileField({
        name: "avatar",
        maxSelect: 1,
        maxSize: 2 * 1024 * 1024,
        mimeTypes: ["image/jpeg", "image/png", "image/webp"],
        thumbs: ["96x96", "256x256"],
      }),
    )
    users.addIndex("idx_users_username", true, "username", "")
    users.authToken.duration = 604800 // 7 days; the client refreshes before expiry
    users.listRule = ""
    users.viewRule = ""
    // Sign-up is open; nobody may make their e-mail public (email is never public).
    users.createRule = "@request.body.emailVisibility:isset = false || @request.body.emailVisibility = false"
    users.updateRule =
      "id = @request.auth.id && (@request.body.emailVisibility:isset = false || @request.body.emailVisibility = false) && " +
      unset("verified")
    users.deleteRule = null
    app.save(users)

    // ---------- categories and tags (written by staff scripts and server operations only) ----------
    app.save(
      new Collection({
        type: "base",
        name: "categories",
        listRule: "",
        viewRule: "",
        fields: [
          { name: "name", type: "text", required: true, min: 2, max: 50, presentable: true },
          { name: "slug", type: "text", required: true, min: 2, max: 60, pattern: "^[a-z0-9-]+$" },
          ...autodates,
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_categories_name ON categories (name)",
          "CREATE UNIQUE INDEX idx_categories_slug ON categories (slug)",
        ],
      }),
    )
    app.save(
      new Collection({
        type: "base",
        name: "tags",
        listRule: "",
        viewRule: "",
        fields: [
          { name: "name", type: "text", required: true, min: 1, max: 30, pattern: "^[^A-Z]+$", presentable: true },
          ...autodates,
        ],
        indexes: ["CREATE UNIQUE INDEX idx_tags_name ON tags (name)"],
      }),
    )

    // ---------- roles ----------
    app.save(
      new Collection({
        type: "base",
        name: "user_roles",
        fields: [
          { name: "user", type: "relation", required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
          { name: "role", type: "select", required: true, values: ["admin", "moderator"], maxSelect: 1 },
          ...autodates,
        ],
        indexes: ["CREATE UNIQUE INDEX idx_user_roles_user_role ON user_roles (user, role)"],
      }),
    )

    // ---------- products ----------
    app.save(
      new Collection({
        type: "base",
        name: "products",
        fields: [
          { name: "slug", type: "text", required: true, min: 1, max: 120, pattern: "^[a-z0-9-]+$" },
          { name: "title", type: "text", required: true, min: 5, max: 100, presentable: true },
          { name: "description", type: "text", required: true, min: 50, max: 1000 },
          { name: "url", type: "text", required: true, max: 2000, pattern: "^https?://[^\\s]+$" },
          { name: "category", type: "relation", collectionId: idOf("categories"), maxSelect: 1 },
          { name: "built_with_lovable", type: "bool" },
          { name: "built_with_epic", type: "bool" },
          { name: "status", type: "select", required: true, values: ["pending", "approved", "rejected"], maxSelect: 1 },
          { name: "rejection_reason", type: "text", max: 500 },
          {
            name: "created_by",
            type: "relation",
            required: true,
            collectionId: users.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: "published_at", type: "date" },
          { name: "vote_count", type: "number", onlyInt: true, min: 0 },
          { name: "view_count", type: "number", onlyInt: true, min: 0 },
          { name: "click_count", type: "number", onlyInt: true, min: 0 },
          { name: "comment_count", type: "number", onlyInt: true, min: 0 },
          {
            name: "images",
            type: "file",
            required: true,
            maxSelect: 5,
            maxSize: 5 * 1024 * 1024,
            mimeTypes: ["image/jpeg", "image/png", "image/webp"],
            thumbs: ["640x480", "1280x0", "160x120"],
          },
          ...autodates,
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_products_slug ON products (slug)",
          "CREATE INDEX idx_products_status_published ON products (status, published_at)",
          "CREATE INDEX idx_products_status_votes ON products (status, vote_count)",
          "CREATE INDEX idx_products_created_by ON products (created_by, status)",
          "CREATE INDEX idx_products_category ON products (category, status)",
        ],
      }),
    )
    const products = app.findCollectionByNameOrId("products")
    const productsId = products.id

    app.save(
      new Collection({
        type: "base",
        name: "product_tags",
        fields: [
          {
            name: "product",
            type: "relation",
            required: true,
            collectionId: productsId,
            maxSelect: 1,
            cascadeDelete: true,
          },
          {
            name: "tag",
            type: "relation",
            required: true,
            collectionId: idOf("tags"),
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: "position", type: "number", onlyInt: true, min: 0 },
          ...autodates,
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_product_tags_product_tag ON product_tags (product, tag)",
          "CREATE INDEX idx_product_tags_tag ON product_tags (tag)",
        ],
      }),
    )

    // ---------- votes ----------
    app.save(
      new Collection({
        type: "base",
        name: "votes",
        fields: [
          {
            name: "product",
            type: "relation",
            required: true,
            collectionId: productsId,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: "user", type: "relation", required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
          ...autodates,
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_votes_product_user ON votes (product, user)",
          "CREATE INDEX idx_votes_user ON votes (user)",
        ],
      }),
    )

    // ---------- comments ----------
    app.save(
      new Collection({
        type: "base",
        name: "comments",
        fields: [
          {
            name: "product",
            type: "relation",
            required: true,
            collectionId: productsId,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: "user", type: "relation", required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
          { name: "content", type: "text", required: true, min: 10, max: 500 },
          { name: "is_deleted", type: "bool" },
          ...autodates,
        ],
        indexes: ["CREATE INDEX idx_comments_product_created ON comments (product, created)"],
      }),
    )
    const comments = app.findCollectionByNameOrId("comments")
    comments.fields.add(
      new RelationField({ name: "parent", collectionId: comments.id, maxSelect: 1, cascadeDelete: true }),
    )
    app.save(comments)

    // ---------- flags (reports) ----------
    app.save(
      new Collection({
        type: "base",
        name: "flags",
        fields: [
          { name: "target_type", type: "select", required: true, values: ["product", "comment"], maxSelect: 1 },
          {
            name: "product",
            type: "relation",
            required: true,
            collectionId: productsId,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: "comment", type: "relation", collectionId: comments.id, maxSelect: 1, cascadeDelete: true },
          { name: "reason", type: "text", required: true, min: 10, max: 500 },
          { name: "status", type: "select", required: true, values: ["open", "resolved", "dismissed"], maxSelect: 1 },
          {
            name: "reporter",
            type: "relation",
            required: true,
            collectionId: users.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: "reviewed_by", type: "relation", collectionId: users.id, maxSelect: 1 },
          { name: "reviewed_at", type: "date" },
          ...autodates,
        ],
        indexes: [
          // one open report per user per target
          "CREATE UNIQUE INDEX idx_flags_open_once ON flags (reporter, target_type, product, comment) WHERE status = 'open'",
          "CREATE INDEX idx_flags_status_created ON flags (status, created)",
        ],
      }),
    )

    // ---------- notifications ----------
    app.save(
      new Collection({
        type: "base",
        name: "notifications",
        fields: [
          { name: "user", type: "relation", required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
          { name: "actor", type: "relation", collectionId: users.id, maxSelect: 1 },
          {
            name: "type",
            type: "select",
            required: true,
            values: ["new_comment", "new_vote", "product_approved", "product_rejected"],
            maxSelect: 1,
          },
          { name: "is_read", type: "bool" },
          { name: "payload", type: "json", maxSize: 4000 },
          { name: "product", type: "relation", collectionId: productsId, maxSelect: 1, cascadeDelete: true },
          { name: "comment", type: "relation", collectionId: comments.id, maxSelect: 1, cascadeDelete: true },
          // push outbox column for the web-push worker; never shown to clients
          { name: "pushed_at", type: "date", hidden: true },
          ...autodates,
        ],
        indexes: [
          "CREATE INDEX idx_notifications_user_created ON notifications (user, created)",
          "CREATE INDEX idx_notifications_user_unread ON notifications (user, is_read)",
        ],
      }),
    )

    // ---------- moderation log ----------
    app.save(
      new Collection({
        type: "base",
        name: "moderation_log",
        fields: [
          { name: "admin", type: "relation", required: true, collectionId: users.id, maxSelect: 1 },
          {
            name: "action",
            type: "select",
            required: true,
            values: ["approve_product", "reject_product", "resolve_flag", "dismiss_flag", "assign_role", "revoke_role"],
            maxSelect: 1,
          },
          { name: "target_type", type: "select", required: true, values: ["product", "flag", "user"], maxSelect: 1 },
          { name: "target_id", type: "text", required: true, max: 15 },
          { name: "metadata", type: "json", maxSize: 4000 },
          ...autodates,
        ],
        indexes: ["CREATE INDEX idx_moderation_log_created ON moderation_log (created)"],
      }),
    )

    // ---------- web push subscriptions ----------
    app.save(
      new Collection({
        type: "base",
        name: "push_subscriptions",
        fields: [
          { name: "user", type: "relation", required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
          { name: "endpoint", type: "text", required: true, max: 2000, pattern: "^https://" },
          { name: "p256dh", type: "text", required: true, max: 200 },
          { name: "auth", type: "text", required: true, max: 100 },
          { name: "user_agent", type: "text", max: 300 },
          ...autodates,
        ],
        indexes: ["CREATE UNIQUE INDEX idx_push_subscriptions_endpoint ON push_subscriptions (endpoint)"],
      }),
    )

    // ---------- API rules (set after every collection exists: rules may reference any of them) ----------
    const setRules = (name, rules) => {
      const c = app.findCollectionByNameOrId(name)
      for (const k of ["listRule", "viewRule", "createRule", "updateRule", "deleteRule"]) {
        c[k] = k in rules ? rules[k] : null
      }
      app.save(c)
    }
    const OWN_PRODUCT = `(${SIGNED_IN} && created_by = @request.auth.id)`
    const PRODUCT_VISIBLE = `(status = 'approved' || ${OWN_PRODUCT} || ${STAFF})`
    const VIA_PRODUCT_VISIBLE = `(product.status = 'approved' || (${SIGNED_IN} && product.created_by = @request.auth.id) || ${STAFF})`

    setRules("user_roles", {
      listRule: `(${SIGNED_IN} && user = @request.auth.id) || ${STAFF}`,
      viewRule: `(${SIGNED_IN} && user = @request.auth.id) || ${STAFF}`,
    })
    // Products are created through the create_product server operation (atomic with images and
    // tags); owners may edit their content, never status, counters, slug or owner.
    setRules("products", {
      listRule: PRODUCT_VISIBLE,
      viewRule: PRODUCT_VISIBLE,
      updateRule:
        `${OWN_PRODUCT} && ` +
        unset(
          "status",
          "rejection_reason",
          "created_by",
          "published_at",
          "slug",
          "vote_count",
          "view_count",
          "click_count",
          "comment_count",
        ),
      deleteRule: OWN_PRODUCT,
    })
    setRules("product_tags", { listRule: VIA_PRODUCT_VISIBLE, viewRule: VIA_PRODUCT_VISIBLE })
    setRules("votes", {
      listRule: `${SIGNED_IN} && user = @request.auth.id`,
      viewRule: `${SIGNED_IN} && user = @request.auth.id`,
      createRule: `${SIGNED_IN} && user = @request.auth.id && product.status = 'approved'`,
      deleteRule: `${SIGNED_IN} && user = @request.auth.id`,
    })
    const COMMENT_VISIBLE = `is_deleted = false && ${VIA_PRODUCT_VISIBLE}`
    setRules("comments", {
      listRule: COMMENT_VISIBLE,
      viewRule: COMMENT_VISIBLE,
      createRule:
        `${SIGNED_IN} && user = @request.auth.id && product.status = 'approved' && is_deleted = false && ` +
        `(parent = '' || (parent.product = product && parent.is_deleted = false))`,
      // the author may only soft-delete
      updateRule:
        `${SIGNED_IN} && user = @request.auth.id && is_deleted = false && @request.body.is_deleted = true && ` +
        unset("content", "product", "user", "parent"),
    })
    setRules("flags", {
      listRule: `(${SIGNED_IN} && reporter = @request.auth.id) || ${STAFF}`,
      viewRule: `(${SIGNED_IN} && reporter = @request.auth.id) || ${STAFF}`,
      createRule:
        `${SIGNED_IN} && reporter = @request.auth.id && ` +
        unset("status", "reviewed_by", "reviewed_at") +
        ` && ((target_type = 'product' && comment = '' && product.status = 'approved') || ` +
        `(target_type = 'comment' && comment != '' && comment.product = product && comment.is_deleted = false && product.status = 'approved'))`,
    })
    setRules("notifications", {
      listRule: `${SIGNED_IN} && user = @request.auth.id`,
      viewRule: `${SIGNED_IN} && user = @request.auth.id`,
      updateRule:
        `${SIGNED_IN} && user = @request.auth.id && @request.body.is_read:isset = true && ` +
        unset("user", "actor", "type", "payload", "product", "comment", "pushed_at"),
    })
    setRules("moderation_log", { listRule: STAFF, viewRule: STAFF })
    setRules("push_subscriptions", {
      listRule: `${SIGNED_IN} && user = @request.auth.id`,
      viewRule: `${SIGNED_IN} && user = @request.auth.id`,
      createRule: `${SIGNED_IN} && user = @request.auth.id`,
      updateRule: `${SIGNED_IN} && user = @request.auth.id && ` + unset("user"),
      deleteRule: `${SIGNED_IN} && user = @request.auth.id`,
    })

    // ---------- full-text search (spec: search_vector) ----------
    // Accent-insensitive tokens over title, description, tag names and category name; kept in step
    // by triggers, keyed by the product id (never the implicit rowid, which VACUUM may change).
    const sql = (q) => app.db().newQuery(q).execute()
    sql(`CREATE VIRTUAL TABLE products_fts USING fts5(
      id UNINDEXED, title, description, tags, category,
      tokenize = 'unicode61 remove_diacritics 2')`)
    const tagText = (pid) =>
      `(SELECT COALESCE(group_concat(t.name, ' '), '') FROM product_tags pt JOIN tags t ON t.id = pt.tag WHERE pt.product = ${pid})`
    const catText = (cid) => `COALESCE((SELECT name FROM categories WHERE id = ${cid}), '')`
    sql(`CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
      INSERT INTO products_fts (id, title, description, tags, category)
      VALUES (new.id, new.title, new.description, ${tagText("new.id")}, ${catText("new.category")}); END`)
    sql(`CREATE TRIGGER products_fts_au AFTER UPDATE OF title, description, category ON products BEGIN
      UPDATE products_fts SET title = new.title, description = new.description, category = ${catText("new.category")}
      WHERE id = new.id; END`)
    sql(`CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
      DELETE FROM products_fts WHERE id = old.id; END`)
    sql(`CREATE TRIGGER product_tags_fts_ai AFTER INSERT ON product_tags BEGIN
      UPDATE products_fts SET tags = ${tagText("new.product")} WHERE id = new.product; END`)
    sql(`CREATE TRIGGER product_tags_fts_ad AFTER DELETE ON product_tags BEGIN
      UPDATE products_fts SET tags = ${tagText("old.product")} WHERE id = old.product; END`)
    sql(`CREATE TRIGGER tags_fts_au AFTER UPDATE OF name ON tags BEGIN
      UPDATE products_fts SET tags = ${tagText("products_fts.id")}
      WHERE id IN (SELECT product FROM product_tags WHERE tag = new.id); END`)
    sql(`CREATE TRIGGER categories_fts_au AFTER UPDATE OF name ON categories BEGIN
      UPDATE products_fts SET category = new.name
      WHERE id IN (SELECT id FROM products WHERE category = new.id); END`)

    // ---------- settings that do not depend on the environment ----------
    const settings = app.settings()
    settings.meta.appName = "Vitrine"
    settings.rateLimits.enabled = true
    unmarshal(
      {
        rules: [
          { label: "*:auth", maxRequests: 10, duration: 60 },
          { label: "*:create", maxRequests: 60, duration: 60 },
          { label: "/api/", maxRequests: 600, duration: 10 },
        ],
      },
      settings.rateLimits,
    )
    app.save(settings)
  },
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    for (const t of [
      "products_fts_ai",
      "products_fts_au",
      "products_fts_ad",
      "product_tags_fts_ai",
      "product_tags_fts_ad",
      "tags_fts_au",
      "categories_fts_au",
    ]) {
      sql(`DROP TRIGGER IF EXISTS ${t}`)
    }
    sql("DROP TABLE IF EXISTS products_fts")
    for (const name of [
      "push_subscriptions",
      "moderation_log",
      "notifications",
      "flags",
      "comments",
      "votes",
      "product_tags",
      "products",
      "user_roles",
      "tags",
      "categories",
    ]) {
      app.delete(app.findCollectionByNameOrId(name))
    }
    const users = app.findCollectionByNameOrId("users")
    for (const f of ["display_name", "username", "bio"]) users.fields.removeByName(f)
    users.removeIndex("idx_users_username")
    app.save(users)
  },
)
