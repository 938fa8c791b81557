/** Public account screens (registration, activation, phone verification, password reset) and the parent's profile. */
export const accounts = {
  title: 'Konto',
};
