/** The garage's name as shown in headers, footers and titles until it becomes editable content. */
export const SITE_NAME = 'Garage indépendant';
