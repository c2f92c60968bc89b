import { STORE } from "#contract/store";
import { Icon } from "~/components/icons";

const InstagramIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
  </Icon>
);
const FacebookIcon = () => (
  <Icon>
    <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15V3z" />
  </Icon>
);
const YouTubeIcon = () => (
  <Icon>
    <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
    <path d="m10 9.2 5 2.8-5 2.8V9.2z" fill="currentColor" />
  </Icon>
);
const WhatsAppIcon = () => (
  <Icon>
    <path d="M3.5 20.5 5 16a8.5 8.5 0 1 1 3.2 3.1L3.5 20.5z" />
    <path d="M9.2 8.6c.2-.4.4-.4.7-.4h.4c.2 0 .4.1.5.4l.6 1.4c.1.2 0 .4-.1.6l-.5.6c.5 1 1.3 1.8 2.3 2.3l.6-.5c.2-.1.4-.2.6-.1l1.4.6c.3.1.4.3.4.5v.4c0 .3 0 .5-.4.7-.5.3-1.2.5-1.9.3A7.3 7.3 0 0 1 8.9 10.5c-.2-.7 0-1.4.3-1.9z" />
  </Icon>
);

export const SOCIAL_LINKS = [
  { label: "Instagram", href: STORE.social.instagram, Icon: InstagramIcon },
  { label: "Facebook", href: STORE.social.facebook, Icon: FacebookIcon },
  { label: "YouTube", href: STORE.social.youtube, Icon: YouTubeIcon },
  { label: "WhatsApp", href: STORE.social.whatsapp, Icon: WhatsAppIcon },
] as const;

/** The four social links as round icon buttons, each named for screen readers ("Rangoli Boutique on Instagram"). */
export function SocialLinks({ className = "" }: { className?: string }) {
  return (
    <ul className={`flex flex-wrap justify-center gap-3 ${className}`}>
      {SOCIAL_LINKS.map(({ label, href, Icon }) => (
        <li key={label}>
          <a
            href={href}
            rel="noopener noreferrer"
            aria-label={`${STORE.name} on ${label}`}
            title={label}
            className="flex size-12 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-brand-200 transition hover:bg-brand-600 hover:text-white hover:ring-brand-600"
          >
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
