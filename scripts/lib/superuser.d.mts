export interface Superuser {
  email: string
  password: string
}
export declare function superuserFor(dataDir: string): Superuser
export declare function existingSuperuser(dataDir: string): Superuser
