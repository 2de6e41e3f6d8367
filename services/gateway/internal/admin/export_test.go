package admin

import "context"

// Login is SignIn without a device cookie: the tests' shorthand.
func (a *Auth) Login(ctx context.Context, user, password, client string) (Session, string, error) {
	return a.SignIn(ctx, Attempt{User: user, Password: password, Client: client})
}
