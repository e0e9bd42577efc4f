import {createContext, useContext, type ReactNode} from 'react';

/**
 * What a page whose layout a theme component renders puts first in its main
 * area: the theme's search page renders its own Layout, so the site's
 * wrapper of it (src/theme/SearchPage) hands its release switch to the
 * Layout (src/theme/Layout) through this.
 */
export const PageLead = createContext<ReactNode>(null);

export const usePageLead = (): ReactNode => useContext(PageLead);
