// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from '.';

let location: Location | undefined;
let navigate: NavigateFunction;

/** Records the location and the navigate function of the router it is rendered in. */
function Probe() {
  location = useLocation();
  navigate = useNavigate();
  return null;
}

const where = () => `${location?.pathname}${location?.search}${location?.hash}`;

function Params({ name }: { name: string }) {
  return <p>{`${name} ${JSON.stringify(useParams())}`}</p>;
}

function Layout({ name }: { name: string }) {
  return (
    <section aria-label={name}>
      <Outlet />
    </section>
  );
}

const ROUTES: RouteObject[] = [
  {
    element: <Layout name="shell" />,
    children: [
      {
        path: ':lang',
        element: <Layout name="lang" />,
        children: [
          { index: true, element: <Navigate replace to="auth/personal" /> },
          {
            path: 'auth',
            element: <Layout name="auth" />,
            children: [
              { index: true, element: <Params name="auth index" /> },
              { path: 'personal', element: <Params name="personal" /> },
              { path: ':screen', element: <Params name="screen" /> },
              { path: '*', element: <Params name="missing" /> },
            ],
          },
        ],
      },
    ],
  },
];

function App() {
  return useRoutes(ROUTES);
}

function renderMemory(entries: string[], basename?: string) {
  return render(
    <MemoryRouter initialEntries={entries} basename={basename}>
      <App />
      <Probe />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  location = undefined;
});

describe('useRoutes, Outlet and useParams', () => {
  it('renders the matched branch: each layout shows its child in <Outlet/>, params merged', () => {
    renderMemory(['/de-DE/auth/kyc']);
    const auth = screen.getByRole('region', { name: 'auth' });
    expect(screen.getByRole('region', { name: 'shell' }).contains(auth)).toBe(true);
    expect(auth.textContent).toBe('screen {"lang":"de-DE","screen":"kyc"}');
  });

  it('prefers a static route over a dynamic one, and a dynamic one over the splat', () => {
    renderMemory(['/en/auth/personal']);
    expect(screen.getByText('personal {"lang":"en"}')).toBeTruthy();
    cleanup();
    renderMemory(['/en/auth/a/b']);
    expect(screen.getByText('missing {"lang":"en","*":"a/b"}')).toBeTruthy();
  });

  it('renders the index route of a path, and nothing when no route matches', () => {
    renderMemory(['/en/auth']);
    expect(screen.getByText('auth index {"lang":"en"}')).toBeTruthy();
    cleanup();
    const view = renderMemory(['/en/other']);
    expect(view.container.innerHTML).toBe('');
  });

  it('<Navigate> replaces the location with a path relative to its route', () => {
    renderMemory(['/en/auth/kyc', '/en']);
    expect(where()).toBe('/en/auth/personal');
    expect(screen.getByText('personal {"lang":"en"}')).toBeTruthy();
    act(() => navigate(-1));
    expect(where()).toBe('/en/auth/kyc');
  });
});

describe('useNavigate and useLocation', () => {
  it('pushes, replaces, goes back, and keeps search, hash and state', () => {
    renderMemory(['/en/auth/kyc']);
    expect(location?.key).toBe('default');
    act(() => navigate('/de-DE/auth/step1?x=1#top', { state: { from: 'kyc' } }));
    expect(where()).toBe('/de-DE/auth/step1?x=1#top');
    expect(location?.state).toEqual({ from: 'kyc' });
    expect(screen.getByText('screen {"lang":"de-DE","screen":"step1"}')).toBeTruthy();
    act(() => navigate({ pathname: '/en/auth/step2' }, { replace: true }));
    act(() => navigate(-1));
    expect(where()).toBe('/en/auth/kyc');
    expect(location?.state).toBeNull();
  });

  it('resolves a path without a pathname against the current location', () => {
    renderMemory(['/en/auth/kyc?a=1']);
    act(() => navigate('?b=2'));
    expect(where()).toBe('/en/auth/kyc?b=2');
  });

  it('strips the basename from the location and puts it in front of absolute paths', () => {
    renderMemory(['/user/accounts/en/auth/kyc'], '/user/accounts');
    expect(location?.pathname).toBe('/en/auth/kyc');
    expect(screen.getByText('screen {"lang":"en","screen":"kyc"}')).toBeTruthy();
  });
});

describe('BrowserRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  function renderBrowser(url: string) {
    window.history.replaceState(null, '', url);
    return render(
      <BrowserRouter basename="/user/accounts">
        <App />
        <Probe />
      </BrowserRouter>,
    );
  }

  it('reads window.location relative to the basename and writes the full address', () => {
    renderBrowser('/user/accounts/en/auth/kyc?x=1');
    expect(where()).toBe('/en/auth/kyc?x=1');
    act(() => navigate('/de-DE/auth/personal', { state: 7 }));
    expect(window.location.pathname).toBe('/user/accounts/de-DE/auth/personal');
    expect(window.history.state).toMatchObject({ usr: 7 });
    expect(location?.state).toBe(7);
    act(() => navigate('/'));
    expect(window.location.pathname).toBe('/user/accounts');
    expect(location?.pathname).toBe('/');
  });

  it('replaces the entry with replace: true', () => {
    renderBrowser('/user/accounts/en/auth/kyc');
    const length = window.history.length;
    act(() => navigate('/en/auth/step1', { replace: true }));
    expect(window.history.length).toBe(length);
    act(() => navigate('/en/auth/step2'));
    expect(window.history.length).toBe(length + 1);
  });

  it('follows the browser on popstate (back)', async () => {
    renderBrowser('/user/accounts/en/auth/kyc');
    act(() => navigate('/en/auth/step1'));
    expect(screen.getByText('screen {"lang":"en","screen":"step1"}')).toBeTruthy();
    act(() => navigate(-1));
    await vi.waitFor(() => expect(where()).toBe('/en/auth/kyc'));
    expect(screen.getByText('screen {"lang":"en","screen":"kyc"}')).toBeTruthy();
  });

  it('renders nothing for an address outside the basename', () => {
    const view = renderBrowser('/login');
    expect(view.container.innerHTML).toBe('');
  });
});

describe('Link', () => {
  function renderLink(props: Partial<Parameters<typeof Link>[0]> = {}) {
    const ref = createRef<HTMLAnchorElement>();
    render(
      <MemoryRouter initialEntries={['/user/accounts/en/auth/kyc']} basename="/user/accounts">
        <Link to="/en/auth/personal?x=1" className="home" ref={ref} {...props}>
          home
        </Link>
        <Probe />
      </MemoryRouter>,
    );
    return { link: screen.getByRole('link', { name: 'home' }), ref };
  }

  it('renders the full address, forwarding other props and the ref', () => {
    const { link, ref } = renderLink();
    expect(link.getAttribute('href')).toBe('/user/accounts/en/auth/personal?x=1');
    expect(link.className).toBe('home');
    expect(ref.current).toBe(link);
  });

  it('navigates inside the SPA on a plain left click', () => {
    const onClick = vi.fn();
    const { link } = renderLink({ onClick });
    expect(fireEvent.click(link)).toBe(false); // default prevented
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/en/auth/personal?x=1');
    act(() => navigate(-1));
    expect(where()).toBe('/en/auth/kyc');
  });

  it.each([{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }])(
    'leaves a click with %o to the browser',
    (init) => {
      const { link } = renderLink();
      expect(fireEvent.click(link, init)).toBe(true);
      expect(where()).toBe('/en/auth/kyc');
    },
  );

  it('leaves a click to the browser with target=_blank, or when onClick prevented it', () => {
    const { link } = renderLink({ target: '_blank' });
    expect(fireEvent.click(link)).toBe(true);
    expect(where()).toBe('/en/auth/kyc');
    cleanup();
    const { link: other } = renderLink({ onClick: (event) => event.preventDefault() });
    fireEvent.click(other);
    expect(where()).toBe('/en/auth/kyc');
  });

  it('replaces the entry when the link points at the current address', () => {
    const { link } = renderLink({ to: '/en/auth/kyc' });
    fireEvent.click(link);
    act(() => navigate('/en/auth/step1'));
    act(() => navigate(-1));
    act(() => navigate(-1));
    expect(where()).toBe('/en/auth/kyc');
  });
});
