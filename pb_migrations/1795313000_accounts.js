/// <reference path="../pb_data/types.d.ts" />
// Accounts: Portuguese e-mails whose links open the app's own pages (/auth/verify-email and
// /auth/reset-password call confirmVerification / confirmPasswordReset), a reset link valid for
// 1 hour (spec section 9) and the password length limits.
// Keep this file quiet (no app.logger()): 0.39.0 hangs on a migration that logs 200+ entries.

// The e-mail chrome (logo, styles) comes from PocketBase's own layout; only the inner HTML is ours.
// "Vitrine" is written out instead of {APP_NAME} so the brand never depends on a setting.
const TEMPLATES = {
  verificationTemplate: {
    subject: "Confirme seu email no Vitrine",
    body: `<p>Olá, {RECORD:display_name}!</p>
<p>Que bom ter você no Vitrine, a vitrine de produtos feitos pela comunidade.</p>
<p>Para ativar sua conta, confirme seu endereço de email no botão abaixo:</p>
<p>
  <a class="btn" href="{APP_URL}/auth/verify-email?token={TOKEN}" target="_blank" rel="noopener">Confirmar meu email</a>
</p>
<p><i>Se você não criou uma conta no Vitrine, pode ignorar este email.</i></p>
<p>
  Até logo,<br/>
  Equipe Vitrine
</p>`,
  },
  resetPasswordTemplate: {
    subject: "Redefina sua senha do Vitrine",
    body: `<p>Olá, {RECORD:display_name}!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta no Vitrine.</p>
<p>Clique no botão abaixo para escolher uma nova senha. O link vale por 1 hora.</p>
<p>
  <a class="btn" href="{APP_URL}/auth/reset-password?token={TOKEN}" target="_blank" rel="noopener">Redefinir minha senha</a>
</p>
<p><i>Se você não pediu para redefinir sua senha, pode ignorar este email: sua senha continua a mesma.</i></p>
<p>
  Até logo,<br/>
  Equipe Vitrine
</p>`,
  },
  // The app has no page of its own for an e-mail change, so this link keeps PocketBase's built-in
  // confirmation page (served by the same server).
  confirmEmailChangeTemplate: {
    subject: "Confirme seu novo email no Vitrine",
    body: `<p>Olá, {RECORD:display_name}!</p>
<p>Clique no botão abaixo para confirmar o seu novo endereço de email no Vitrine.</p>
<p>
  <a class="btn" href="{APP_URL}/_/#/auth/confirm-email-change/{TOKEN}" target="_blank" rel="noopener">Confirmar novo email</a>
</p>
<p><i>Se você não pediu para trocar seu email, pode ignorar esta mensagem.</i></p>
<p>
  Até logo,<br/>
  Equipe Vitrine
</p>`,
  },
}
const AUTH_ALERT = {
  subject: "Novo acesso à sua conta no Vitrine",
  body: `<p>Olá, {RECORD:display_name}!</p>
<p>Notamos um acesso à sua conta no Vitrine a partir de um novo local ou dispositivo:</p>
<p><em>{ALERT_INFO}</em></p>
<p><strong>Se não foi você, troque sua senha agora mesmo: isso encerra o acesso em todos os outros dispositivos.</strong></p>
<p>Se foi você, pode ignorar este email.</p>
<p>
  Até logo,<br/>
  Equipe Vitrine
</p>`,
}
const OTP = {
  subject: "Seu código de acesso ao Vitrine",
  body: `<p>Olá, {RECORD:display_name}!</p>
<p>Seu código de acesso é: <strong>{OTP}</strong></p>
<p><i>Se você não pediu este código, pode ignorar este email.</i></p>
<p>
  Até logo,<br/>
  Equipe Vitrine
</p>`,
}

// PocketBase 0.39.0's own values (core/collection_model_auth_templates.go), restored on the way down.
const DEFAULT_SIGNATURE = `<p>
  Thanks,<br/>
  {APP_NAME} team
</p>`
const DEFAULTS = {
  verificationTemplate: {
    subject: "Verify your {APP_NAME} email",
    body: `<p>Hello,</p>
<p>Thank you for joining us at {APP_NAME}.</p>
<p>Click on the button below to verify your email address.</p>
<p>
  <a class="btn" href="{APP_URL}/_/#/auth/confirm-verification/{TOKEN}" target="_blank" rel="noopener">Verify</a>
</p>
<p><i>If you didn't recently register, please ignore this email.</i></p>
${DEFAULT_SIGNATURE}`,
  },
  resetPasswordTemplate: {
    subject: "Reset your {APP_NAME} password",
    body: `<p>Hello,</p>
<p>Click on the button below to reset your password.</p>
<p>
  <a class="btn" href="{APP_URL}/_/#/auth/confirm-password-reset/{TOKEN}" target="_blank" rel="noopener">Reset password</a>
</p>
<p><i>If you didn't ask to reset your password, please ignore this email.</i></p>
${DEFAULT_SIGNATURE}`,
  },
  confirmEmailChangeTemplate: {
    subject: "Confirm your {APP_NAME} new email address",
    body: `<p>Hello,</p>
<p>Click on the button below to confirm your new email address.</p>
<p>
  <a class="btn" href="{APP_URL}/_/#/auth/confirm-email-change/{TOKEN}" target="_blank" rel="noopener">Confirm new email</a>
</p>
<p><i>If you didn't ask to change your email address, please ignore this email.</i></p>
${DEFAULT_SIGNATURE}`,
  },
}
const DEFAULT_AUTH_ALERT = {
  subject: "Login from a new location",
  body: `<p>Hello,</p>
<p>We noticed a login to your {APP_NAME} account from a new location:</p>
<p><em>{ALERT_INFO}</em></p>
<p><strong>If this wasn't you, you should immediately change your {APP_NAME} account password to revoke access from all other locations.</strong></p>
<p>If this was you, you may disregard this email.</p>
${DEFAULT_SIGNATURE}`,
}
const DEFAULT_OTP = {
  subject: "OTP for {APP_NAME}",
  body: `<p>Hello,</p>
<p>Your one-time password is: <strong>{OTP}</strong></p>
<p><i>If you didn't ask for the one-time password, you can ignore this email.</i></p>
${DEFAULT_SIGNATURE}`,
}

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users")
    unmarshal(TEMPLATES, users)
    unmarshal({ authAlert: { emailTemplate: AUTH_ALERT }, otp: { emailTemplate: OTP } }, users)
    users.passwordResetToken.duration = 3600 // the e-mail and the forgot-password page say 1 hour
    // The app allows 8-128 characters. PocketBase refuses a password field max above 71 (bcrypt
    // reads at most 72 bytes), so the field stops at 71 and pb_hooks/lib/accounts.js stores a
    // longer password as its SHA-256 digest (64 characters), at sign-up, change, reset and login.
    const password = users.fields.getByName("password")
    password.min = 8
    password.max = 71
    app.save(users)
  },
  (app) => {
    const users = app.findCollectionByNameOrId("users")
    unmarshal(DEFAULTS, users)
    unmarshal({ authAlert: { emailTemplate: DEFAULT_AUTH_ALERT }, otp: { emailTemplate: DEFAULT_OTP } }, users)
    users.passwordResetToken.duration = 1800
    const password = users.fields.getByName("password")
    password.min = 8
    password.max = 0
    app.save(users)
  },
)
