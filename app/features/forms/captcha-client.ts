interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/**
 * A bot-check token for one submission from the provider's script (loaded by the root on form pages).
 * Resolves with "" when the script is missing or does not answer within `timeoutMs`; the server then
 * refuses the submission with a message that says why.
 */
export function captchaToken(siteKey: string, action: string, timeoutMs = 5000): Promise<string> {
  const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (!grecaptcha) return Promise.resolve("");
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(""), timeoutMs);
    grecaptcha.ready(() => {
      grecaptcha.execute(siteKey, { action }).then(
        (token) => {
          window.clearTimeout(timer);
          resolve(token);
        },
        () => {
          window.clearTimeout(timer);
          resolve("");
        },
      );
    });
  });
}
