// @ts-check
/// <reference path="../types/types.d.ts" />
// Public maker profiles: GET /api/vitrine/makers/{username} (profile and stats, never the e-mail)
// and GET /api/vitrine/usernames/{username}/available (the profile form's check).

const { rules } = require(`${__hooks}/lib/util.js`)

function users() {
  return require(`${__hooks}/lib/users.js`)
}

/**
 * The {username} of the path: usernames are stored lowercase (field pattern), so this is case-insensitive.
 * @param {core.RequestEvent} e
 */
function usernameOf(e) {
  return String(e.request.pathValue("username") || "")
    .trim()
    .toLowerCase()
}

/**
 * GET /api/vitrine/makers/{username}: a maker's public profile and stats, never the e-mail.
 * @param {core.RequestEvent} e
 */
function makerProfile(e) {
  const user = users().userByUsername(e.app, usernameOf(e))
  // custom routes skip API rules: apply the users viewRule by hand
  if (!user || !e.app.canAccessRecord(user, e.requestInfo(), user.collection().viewRule)) {
    throw new NotFoundError("Perfil não encontrado.")
  }

  // Same numbers the maker page shows: approved products only, their votes, and the comments
  // on them that are not deleted.
  const totals = new DynamicModel({ products: 0, votes: 0 })
  e.app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS products, COALESCE(SUM(vote_count), 0) AS votes FROM products " +
        "WHERE created_by = {:id} AND status = 'approved'",
    )
    .bind({ id: user.id })
    .one(totals)
  const comments = new DynamicModel({ comments: 0 })
  e.app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS comments FROM comments c JOIN products p ON p.id = c.product " +
        "WHERE p.created_by = {:id} AND p.status = 'approved' AND c.is_deleted = FALSE",
    )
    .bind({ id: user.id })
    .one(comments)

  const created = user.getString("created")
  return e.json(200, {
    id: user.id,
    collectionId: user.collection().id,
    collectionName: user.collection().name,
    username: user.getString("username"),
    display_name: user.getString("display_name"),
    bio: user.getString("bio"),
    avatar: user.getString("avatar"),
    created: created,
    stats: {
      products: totals.products,
      votes: totals.votes,
      comments: comments.comments,
      memberSince: created,
      // public count only: who follows whom is private (lib/follows.js)
      followers: require(`${__hooks}/lib/follows.js`).followerCount(e.app, user.id),
    },
  })
}

/**
 * GET /api/vitrine/usernames/{username}/available: whether a username could be saved now by the
 * caller. Checked like the profile form (lowercased, 3-20, a-z 0-9 - _); the caller's own current
 * username counts as available.
 * @param {core.RequestEvent} e
 */
function usernameAvailable(e) {
  const l = rules().limits.username
  const username = usernameOf(e)
  if (username.length < l.min || username.length > l.max || !new RegExp(l.pattern).test(username)) {
    return e.json(200, { available: false })
  }
  const owner = users().userByUsername(e.app, username)
  const mine = !!owner && require(`${__hooks}/lib/access.js`).userId(e) === owner.id
  return e.json(200, { available: !owner || mine })
}

module.exports = { makerProfile, usernameAvailable }
