import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { ADDRESS_PROVIDER } from './address-suggestion.js';
import { AddressesController } from './addresses.controller.js';
import { AddressesService } from './addresses.service.js';
import { BuiltinAddressProvider } from './builtin-address.provider.js';
import { GoogleAddressProvider } from './google-address.provider.js';
import { LocalitiesRepository } from './localities.repository.js';

@Module({
  controllers: [AddressesController],
  providers: [
    LocalitiesRepository,
    BuiltinAddressProvider,
    {
      provide: ADDRESS_PROVIDER,
      inject: [APP_CONFIG, LocalitiesRepository, BuiltinAddressProvider],
      useFactory: (config: AppConfig, localities: LocalitiesRepository, builtin: BuiltinAddressProvider) =>
        config.googleMapsApiKey ? new GoogleAddressProvider(config.googleMapsApiKey, config.googleMapsApiUrl, localities) : builtin,
    },
    AddressesService,
  ],
  exports: [LocalitiesRepository],
})
export class AddressesModule {}
