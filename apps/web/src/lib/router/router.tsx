import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentPropsWithRef,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createBrowserHistory, createMemoryHistory, type History, type Location } from './history';
import {
  createPath,
  matchRoutes,
  prependBasename,
  rankRoutes,
  resolveTo,
  stripBasename,
  type Params,
  type Path,
  type RouteMatch,
  type RouteObject,
  type To,
} from './path';

/**
 * The declarative API of React Router 7 that the app uses (docs/decisions.md D21): BrowserRouter,
 * MemoryRouter, useRoutes with nested routes and <Outlet/>, useLocation, useNavigate, useParams,
 * <Navigate> and <Link>. No data APIs (loaders, actions, fetchers), no <Routes>/<Route> elements.
 */

interface RouterValue {
  /** The location relative to the basename. */
  location: Location;
  basename: string;
  history: History;
}

const RouterContext = createContext<RouterValue | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; match?: RouteMatch }>({ outlet: null });

function Router({
  history,
  basename = '/',
  children,
}: {
  history: History;
  basename?: string;
  children?: ReactNode;
}) {
  const [full, setFull] = useState(history.location);
  // As React Router: a navigation is a transition, so a screen whose chunk is loading keeps the
  // previous one on screen instead of falling back to the spinner.
  useLayoutEffect(() => history.listen((next) => startTransition(() => setFull(next))), [history]);
  const base = basename.replace(/^\/*/, '/');
  const value = useMemo(() => {
    const pathname = stripBasename(full.pathname, base);
    return pathname == null ? null : { location: { ...full, pathname }, basename: base, history };
  }, [full, base, history]);
  // A URL outside the basename renders nothing, as React Router does.
  return value && <RouterContext value={value}>{children}</RouterContext>;
}

export function BrowserRouter({ basename, children }: { basename?: string; children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history} basename={basename} children={children} />;
}

/** For tests: the entries are full paths (basename included); the last one is current. */
export function MemoryRouter({
  initialEntries,
  basename,
  children,
}: {
  initialEntries?: string[];
  basename?: string;
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history} basename={basename} children={children} />;
}

const useRouter = () => useContext(RouterContext) as RouterValue;

export function useLocation(): Location {
  return useRouter().location;
}

export function useParams(): Params {
  return useContext(RouteContext).match?.params ?? {};
}

/** `to` resolved like React Router: absolute, or relative to the current route's pathname. */
function useResolvedPath(to: To): Path {
  const { location } = useRouter();
  const base = useContext(RouteContext).match?.base ?? '/';
  return resolveTo(to, base, location.pathname);
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** Moves in the history: -1 is back. */
  (delta: number): void;
}

export function useNavigate(): NavigateFunction {
  const { location, basename, history } = useRouter();
  const base = useContext(RouteContext).match?.base ?? '/';
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return history.go(to);
      const path = resolveTo(to, base, location.pathname);
      path.pathname = prependBasename(path.pathname, basename);
      history[options.replace ? 'replace' : 'push'](path, options.state);
    },
    [history, basename, base, location.pathname],
  ) as NavigateFunction;
}

/** Navigates once rendered (in an effect), like React Router's <Navigate>. */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = createPath(useResolvedPath(to));
  useEffect(() => navigate(target, { replace, state }), [navigate, target, replace, state]);
  return null;
}

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/**
 * An <a> with the full address (basename included). A plain left click without modifier keys and
 * without another target navigates inside the SPA; any other click is left to the browser.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, basename } = useRouter();
  const navigate = useNavigate();
  const path = useResolvedPath(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    ) {
      return;
    }
    event.preventDefault();
    // As React Router: a link to the current address replaces the entry instead of adding one.
    navigate(to, { replace: replace ?? createPath(location) === createPath(path), state });
  };
  return (
    <a
      {...rest}
      href={createPath({ ...path, pathname: prependBasename(path.pathname, basename) })}
      onClick={handleClick}
      target={target}
    />
  );
}

/** Where a layout route renders its matched child route. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/**
 * Renders the best-ranked branch of `routes` for the current location (static segments before
 * dynamic ones before splats); each element sees its child as <Outlet/>. Null when nothing matches.
 */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { location } = useRouter();
  const branches = useMemo(() => rankRoutes(routes), [routes]);
  const matches = matchRoutes(branches, location.pathname);
  return (
    matches?.reduceRight<ReactNode>(
      (outlet, match) => (
        <RouteContext value={{ outlet, match }}>{match.route.element || outlet}</RouteContext>
      ),
      null,
    ) ?? null
  );
}
