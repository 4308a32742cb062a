import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { MobileCallBar } from './MobileCallBar';
import { NavBar } from './NavBar';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <MobileCallBar />
    </>
  );
}
