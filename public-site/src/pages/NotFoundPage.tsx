import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';

export function NotFoundPage() {
  const [location] = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location);
  }, [location]);
  return (
    <section className="not-found container">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Oops! Page not found</h1>
      <p>The page you are looking for may have moved or no longer exists.</p>
      <Link href="/" className="button button--primary">
        Return to Home
      </Link>
    </section>
  );
}
