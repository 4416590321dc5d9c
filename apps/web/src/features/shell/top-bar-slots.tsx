import type { ComponentType } from 'react';

/** Widgets shown in the seller top bar before the user menu (the notification bell adds itself here). */
export const sellerTopBarItems: ComponentType[] = [];
