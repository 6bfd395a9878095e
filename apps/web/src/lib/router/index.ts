export type { Location } from './history';
export type { Params, Path, RouteObject, To } from './path';
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  type LinkProps,
  type NavigateFunction,
  type NavigateOptions,
} from './router';
