import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong.';
  return (
    <main className="grid min-h-screen place-items-center p-6 text-center">
      <div>
        <h1 className="text-2xl font-bold">{message}</h1>
        <p className="mt-2 text-slate-600">Please reload the page. If this keeps happening, contact support.</p>
        <Link to="/" className="mt-4 inline-block font-semibold text-brand-700 underline">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
