/// <reference path="../pb_data/types.d.ts" />
// Privacy and security on every request: no sorting or filtering on e-mail (lib/privacy.js).
routerUse((e) => require(`${__hooks}/lib/privacy.js`).guard(e))
