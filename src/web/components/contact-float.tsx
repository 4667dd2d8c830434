import { useSession } from "../lib/session";
import { useSiteContent } from "../lib/site-content";

/** LINE's own address for adding an official account by its id (e.g. @lotto), when the operator set no link. */
export const lineAddress = (content: { lineId: string; lineUrl: string }): string | null =>
  content.lineUrl || (content.lineId ? `https://line.me/R/ti/p/${encodeURIComponent(content.lineId)}` : null);

/**
 * A way to reach staff on every page a player or visitor sees, sign-in, registration and the maintenance
 * page included: a LINE button (and a phone button) floating at the bottom right, above the bottom
 * navigation where there is one, as the operator set them in the site content (docs/decisions/027). Nothing
 * for an operator, nor while no channel is set.
 */
export function ContactFloat() {
  const { isAdmin } = useSession();
  const content = useSiteContent().data;
  if (isAdmin || !content) return null;
  const line = lineAddress(content);
  if (!line && !content.phone) return null;
  return (
    <div className="contact-float" data-testid="contact-float">
      {line && (
        <a
          href={line}
          target="_blank"
          rel="noopener noreferrer"
          className="contact-float-button contact-float-line"
          aria-label={`ติดต่อเจ้าหน้าที่ทาง LINE${content.lineId ? ` ${content.lineId}` : ""}`}
          data-testid="contact-float-line"
        >
          <svg viewBox="0 0 24 24" width={28} height={28} aria-hidden="true">
            <path
              fill="#fff"
              d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.5 1.1-.5 5.8-3.4 7.9-5.8C21.3 14.4 22 12.8 22 11c0-4.4-4.5-8-10-8Z"
            />
            <path fill="#06c755" d="M6.5 8.5h1.2v4h2.3v1.1H6.5Zm4.2 0h1.2v5.1h-1.2Zm2.2 0h1.1l2.1 3v-3h1.2v5.1h-1.1l-2.1-3v3h-1.2Z" />
          </svg>
        </a>
      )}
      {content.phone && (
        <a
          href={`tel:${content.phone}`}
          className="contact-float-button contact-float-phone"
          aria-label={`โทรหาเจ้าหน้าที่ ${content.phone}`}
          data-testid="contact-float-phone"
        >
          <svg viewBox="0 0 24 24" width={24} height={24} aria-hidden="true">
            <path
              fill="#fff"
              d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1Z"
            />
          </svg>
        </a>
      )}
    </div>
  );
}
