/**
 * Page analytics configuration (spec sections 1 and 9). The flag arrives as text, as it does from the
 * environment, and is parsed; analytics only runs when the text says "true" and a measurement id is set.
 */
export const ANALYTICS_CONFIG = {
  shortName: "sacap",
  /** Screen-view tracking on navigation; no automatic page views. */
  pageTracking: { screenviewEnabled: true, autoPageViews: false },
  enabled: "false",
  anonymizeIp: true,
  consentDefaults: {
    ad_user_data: "denied",
    ad_personalization: "denied",
    ad_storage: "denied",
    analytics_storage: "granted",
  },
  consentCookiePrefix: "_ga",
} as const;

/** "true" (any case, surrounding spaces) is on; everything else, including "false" and nothing, is off. */
export function parseEnabledFlag(text: string | undefined | null): boolean {
  return typeof text === "string" && text.trim().toLowerCase() === "true";
}

export const ANALYTICS_HOST = "https://www.googletagmanager.com";

export function analyticsScriptUrl(measurementId: string): string {
  return `${ANALYTICS_HOST}/gtag/js?id=${encodeURIComponent(measurementId)}`;
}

/** The gtag calls that set consent and configuration before any event, in order. */
export function analyticsBootCommands(measurementId: string): unknown[][] {
  return [
    ["consent", "default", { ...ANALYTICS_CONFIG.consentDefaults }],
    ["js", "__NOW__"],
    [
      "config",
      measurementId,
      {
        send_page_view: ANALYTICS_CONFIG.pageTracking.autoPageViews,
        anonymize_ip: ANALYTICS_CONFIG.anonymizeIp,
        cookie_prefix: ANALYTICS_CONFIG.consentCookiePrefix,
        app_name: ANALYTICS_CONFIG.shortName,
      },
    ],
  ];
}

/** The one event sent per navigation. */
export function screenViewCommand(screenName: string, path: string): unknown[] {
  return ["event", "screen_view", { app_name: ANALYTICS_CONFIG.shortName, screen_name: screenName, page_path: path }];
}

/** The bot-check provider's script on its alternative domain (reachable where the main one is not). */
export const CAPTCHA_HOST = "https://www.recaptcha.net";

export function captchaScriptUrl(siteKey: string): string {
  return `${CAPTCHA_HOST}/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}
