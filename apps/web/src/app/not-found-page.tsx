import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <main className="grid min-h-screen place-items-center p-6 text-center">
      <div>
        <h1 className="text-2xl font-bold">Page not found</h1>
        <p className="mt-2 text-slate-600">The page you are looking for does not exist.</p>
        <Link to="/" className="mt-4 inline-block font-semibold text-brand-700 underline">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
