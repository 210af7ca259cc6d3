import { Link } from "@remix-run/react";

const LINKS = [
  { to: "/about-sacap", text: "About SACAP" },
  { to: "/about-care", text: "About CARE" },
  { to: "/user-guide", text: "User guide" },
  { to: "/disclaimer", text: "Disclaimer" },
  { to: "/contact/form", text: "Contact" },
];

export function Footer({ type }: { type: "static" | "sticky" }) {
  return (
    <footer className={`sacap-footer sacap-footer--${type}`}>
      <span>
        SACAP · South Asia Climate and Agriculture Portal · © {new Date().getFullYear()}
      </span>
      <nav aria-label="Footer" className="sacap-footer__links">
        {LINKS.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.text}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
