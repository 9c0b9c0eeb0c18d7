/**
 * The theme's navbar item types (its extension map), with every type this
 * site's navbar does not use loaded on demand: an item of any type still
 * renders, but their code and the docs plugin's client code no longer ride
 * in every page's main bundle.
 */
import {lazy} from 'react';
import type ThemeComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import SearchNavbarItem from '@theme/NavbarItem/SearchNavbarItem';

const ComponentTypes: typeof ThemeComponentTypes = {
  default: DefaultNavbarItem,
  search: SearchNavbarItem,
  localeDropdown: lazy(() => import('@theme/NavbarItem/LocaleDropdownNavbarItem')),
  dropdown: lazy(() => import('@theme/NavbarItem/DropdownNavbarItem')),
  html: lazy(() => import('@theme/NavbarItem/HtmlNavbarItem')),
  doc: lazy(() => import('@theme/NavbarItem/DocNavbarItem')),
  docSidebar: lazy(() => import('@theme/NavbarItem/DocSidebarNavbarItem')),
  docsVersion: lazy(() => import('@theme/NavbarItem/DocsVersionNavbarItem')),
  docsVersionDropdown: lazy(() => import('@theme/NavbarItem/DocsVersionDropdownNavbarItem')),
};

export default ComponentTypes;
