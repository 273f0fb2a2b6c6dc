// Loads the demo data into an empty database (seed() itself refuses with DEMO_DATA=0 or
// NODE_ENV=production, and says why).
import PocketBase from "pocketbase"

export async function seedIfEmpty(url, superuser) {
  const pb = new PocketBase(url)
  pb.autoCancellation(false)
  await pb.collection("_superusers").authWithPassword(superuser.email, superuser.password)
  const count = async (name) => (await pb.collection(name).getList(1, 1, { fields: "id" })).totalItems
  if ((await count("products")) > 0 || (await count("users")) > 0) {
    console.log("O banco de dados já tem dados: os dados de demonstração não foram carregados.")
    return
  }
  const { seed } = await import("../seed.mjs")
  await seed({ url, superuser, log: console.log })
}
