import type { ComponentType } from 'react';
import { NotificationBell } from '../notifications/notification-bell.tsx';

/** Widgets shown in the seller top bar before the user menu (the notification bell adds itself here). */
export const sellerTopBarItems: ComponentType[] = [NotificationBell];
